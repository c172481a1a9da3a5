//! The custom forms of the memref ops whose spec says
//! `hasCustomAssemblyFormat`, read and written as `mlir-opt` 22 does, and
//! `memref.global`'s `custom<GlobalMemrefOpTypeAndInitialValue>`:
//!
//! ```text
//! memref.alloca_scope (-> (t, ...))? {...} ({attrs})?
//! memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] (, %stride, %per)? : t, u, v
//! memref.generic_atomic_rmw %m[%i] : t {...} ({attrs})?
//! memref.prefetch %m[%i], read|write, locality<N>, data|instr : t
//! memref.transpose %m (d0, d1) -> (d1, d0) ({attrs})? : t to u
//! memref.global ... @name : t (= uninitialized | = dense<...>)?
//! ```
//!
//! In: the tokens after the op name (parsers) or the op (printers). Out:
//! the op's state (inherent attributes in its properties, the others in
//! its discardable dictionary) or the text.

use ir::parser::ops::OpAsmParser;
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, NamedAttribute, OpId, OperationState, Type, Value};
use ods_runtime::format::set_attributes;
use ods_runtime::op::inherent_attr;

use super::{element_of, DmaLayout};

/// Values `range` of the op's operands.
fn operands(pr: &OpAsmPrinter<'_, '_>, op: OpId, range: std::ops::Range<usize>) -> Vec<Value> {
    let ir = pr.ir();
    range
        .filter(|&i| i < ir.num_operands(op))
        .map(|i| ir.operand(op, i))
        .collect()
}

/// `a, b, c`.
fn print_operand_list(pr: &mut OpAsmPrinter<'_, '_>, values: &[Value]) {
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        pr.print_operand(v);
    }
}

fn value_type(pr: &OpAsmPrinter<'_, '_>, v: Value) -> Type {
    pr.ir().value_type(v)
}

/// The terminators the parsers add to bodies that lack one.
const SCOPE_RETURN: &str = "memref.alloca_scope.return";
const ATOMIC_YIELD: &str = "memref.atomic_yield";

/// `memref.alloca_scope`'s custom form.
pub fn parse_alloca_scope(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    state.result_types = p.parse_optional_arrow_type_list()?;
    let body = p.parse_region(&[])?;
    p.ensure_terminator(body, SCOPE_RETURN, state.loc);
    state.regions.push(body);
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &[], Vec::new());
    Ok(())
}

/// Prints what [`parse_alloca_scope`] reads (two spaces before `->`, as
/// upstream's printer writes them).
pub fn print_alloca_scope(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    let results: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    pr.print_str(" ");
    if !results.is_empty() {
        pr.print_str(" -> (");
        pr.print_types(results.iter().copied());
        pr.print_str(")");
    }
    pr.print_str(" ");
    if ir.num_regions(op) > 0 {
        let region = ir.region(op, 0);
        pr.print_region(region, false, !results.is_empty(), false);
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
}

/// `memref.dma_start`'s custom form.
pub fn parse_dma_start(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let src = p.parse_operand()?;
    let src_indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_comma()?;
    let dst = p.parse_operand()?;
    let dst_indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_comma()?;
    let num_elements = p.parse_operand()?;
    p.parse_comma()?;
    let tag = p.parse_operand()?;
    let tag_indices = p.parse_operand_list(Delimiter::Square)?;
    let strides = p.parse_trailing_operand_list(Delimiter::None)?;
    let at = p.name_location();
    if !strides.is_empty() && strides.len() != 2 {
        return p.emit_error(at, "expected two stride related operands");
    }
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        return p.emit_error(at, "fewer/more types expected");
    }
    let index = p.ctx().index_type();
    let v = p.resolve_operand(src, types[0])?;
    state.operands.push(v);
    for i in src_indices {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let v = p.resolve_operand(dst, types[1])?;
    state.operands.push(v);
    for i in dst_indices {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let v = p.resolve_operand(num_elements, index)?;
    state.operands.push(v);
    let v = p.resolve_operand(tag, types[2])?;
    state.operands.push(v);
    for i in tag_indices.into_iter().chain(strides) {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    Ok(())
}

/// Prints what [`parse_dma_start`] reads.
pub fn print_dma_start(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let l = DmaLayout::of(pr.ctx(), pr.ir(), op);
    let n = pr.ir().num_operands(op);
    let src = operands(pr, op, 0..1);
    let groups = [(0, 1..l.dst), (l.dst, l.dst + 1..l.num_elements)];
    pr.print_str(" ");
    for (k, (memref, indices)) in groups.into_iter().enumerate() {
        if k > 0 {
            pr.print_str(", ");
        }
        print_operand_list(pr, &operands(pr, op, memref..memref + 1));
        pr.print_str("[");
        print_operand_list(pr, &operands(pr, op, indices));
        pr.print_str("]");
    }
    pr.print_str(", ");
    print_operand_list(pr, &operands(pr, op, l.num_elements..l.num_elements + 1));
    pr.print_str(", ");
    print_operand_list(pr, &operands(pr, op, l.tag..l.tag + 1));
    pr.print_str("[");
    print_operand_list(pr, &operands(pr, op, l.tag + 1..l.end.min(n)));
    pr.print_str("]");
    if l.is_strided(pr.ir(), op) {
        pr.print_str(", ");
        print_operand_list(pr, &operands(pr, op, l.end..n));
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
    pr.print_str(" : ");
    let memrefs = [
        src,
        operands(pr, op, l.dst..l.dst + 1),
        operands(pr, op, l.tag..l.tag + 1),
    ];
    for (k, m) in memrefs.iter().enumerate() {
        if k > 0 {
            pr.print_str(", ");
        }
        if let Some(&v) = m.first() {
            let t = value_type(pr, v);
            pr.print_type(t);
        }
    }
}

/// `memref.generic_atomic_rmw`'s custom form.
pub fn parse_generic_atomic_rmw(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
) -> PResult<()> {
    let memref = p.parse_operand()?;
    let ivs = p.parse_operand_list(Delimiter::Square)?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(memref, ty)?;
    state.operands.push(v);
    let index = p.ctx().index_type();
    for i in ivs {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let body = p.parse_region(&[])?;
    p.ensure_terminator(body, ATOMIC_YIELD, state.loc);
    state.regions.push(body);
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &[], Vec::new());
    let element = element_of(p.ctx(), ty).unwrap_or(ty);
    state.result_types.push(element);
    Ok(())
}

/// Prints what [`parse_generic_atomic_rmw`] reads.
pub fn print_generic_atomic_rmw(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let n = pr.ir().num_operands(op);
    let memref = operands(pr, op, 0..1);
    pr.print_str(" ");
    print_operand_list(pr, &memref);
    pr.print_str("[");
    print_operand_list(pr, &operands(pr, op, 1..n));
    pr.print_str("] : ");
    if let Some(&m) = memref.first() {
        let t = value_type(pr, m);
        pr.print_type(t);
    }
    pr.print_str(" ");
    if pr.ir().num_regions(op) > 0 {
        let region = pr.ir().region(op, 0);
        pr.print_region(region, true, true, false);
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
}

/// The attributes `memref.prefetch`'s form writes itself.
const PREFETCH_ELIDED: [&str; 3] = ["localityHint", "isWrite", "isDataCache"];

/// `memref.prefetch`'s custom form (no attribute dictionary is read, as
/// upstream).
pub fn parse_prefetch(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let indices = p.parse_operand_list(Delimiter::Square)?;
    p.parse_comma()?;
    let rw = p.parse_keyword_any()?;
    p.parse_comma()?;
    p.parse_keyword("locality")?;
    p.parse_less()?;
    let i32_type = p.ctx().integer_type(32, ir::Signedness::Signless);
    let locality = p.parse_attribute_of_type(Some(i32_type))?;
    p.parse_greater()?;
    p.parse_comma()?;
    let cache = p.parse_keyword_any()?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(memref, ty)?;
    state.operands.push(v);
    let index = p.ctx().index_type();
    for i in indices {
        let v = p.resolve_operand(i, index)?;
        state.operands.push(v);
    }
    let at = p.name_location();
    if rw != "read" && rw != "write" {
        return p.emit_error(at, "rw specifier has to be 'read' or 'write'");
    }
    if cache != "data" && cache != "instr" {
        return p.emit_error(at, "cache type has to be 'data' or 'instr'");
    }
    let ctx = p.ctx();
    let props = vec![
        NamedAttribute {
            name: ctx.ident("localityHint"),
            value: locality,
        },
        NamedAttribute {
            name: ctx.ident("isWrite"),
            value: ctx.bool_attr(rw == "write"),
        },
        NamedAttribute {
            name: ctx.ident("isDataCache"),
            value: ctx.bool_attr(cache == "data"),
        },
    ];
    set_attributes(p, state, None, &PREFETCH_ELIDED, props);
    Ok(())
}

/// Prints what [`parse_prefetch`] reads.
pub fn print_prefetch(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let flag = |name: &str| {
        inherent_attr(ctx, ir, op, name).is_some_and(|a| ods_runtime::attr::bool_value(ctx, a))
    };
    let (write, data) = (flag("isWrite"), flag("isDataCache"));
    let locality = inherent_attr(ctx, ir, op, "localityHint");
    let n = ir.num_operands(op);
    let memref = operands(pr, op, 0..1);
    pr.print_str(" ");
    print_operand_list(pr, &memref);
    pr.print_str("[");
    print_operand_list(pr, &operands(pr, op, 1..n));
    pr.print_str("], ");
    pr.print_str(if write { "write" } else { "read" });
    pr.print_str(", locality<");
    if let Some(l) = locality {
        pr.print_attribute_without_type(l);
    }
    pr.print_str(">, ");
    pr.print_str(if data { "data" } else { "instr" });
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &PREFETCH_ELIDED);
    pr.print_str(" : ");
    if let Some(&m) = memref.first() {
        let t = value_type(pr, m);
        pr.print_type(t);
    }
}

/// `memref.transpose`'s custom form.
pub fn parse_transpose(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let input = p.parse_operand()?;
    let map = p.parse_affine_map()?;
    let dict = p.parse_optional_attr_dict()?;
    let src = p.parse_colon_type()?;
    let v = p.resolve_operand(input, src)?;
    state.operands.push(v);
    p.parse_keyword("to")?;
    let dst = p.parse_type()?;
    state.result_types.push(dst);
    let ctx = p.ctx();
    let permutation = NamedAttribute {
        name: ctx.ident("permutation"),
        value: ctx.affine_map_attr(map),
    };
    set_attributes(p, state, dict, &["permutation"], vec![permutation]);
    Ok(())
}

/// Prints what [`parse_transpose`] reads.
pub fn print_transpose(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let input = operands(pr, op, 0..1);
    pr.print_str(" ");
    print_operand_list(pr, &input);
    pr.print_str(" ");
    if let Some(AttrKind::AffineMap(map)) =
        inherent_attr(ctx, ir, op, "permutation").map(|a| ctx.attr_kind(a))
    {
        let mut text = ir::printer::PrintBuffer::new();
        map.write(&mut text);
        pr.print_str(&text.into_string_lossy());
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &["permutation"]);
    pr.print_str(" : ");
    if let Some(&m) = input.first() {
        let t = value_type(pr, m);
        pr.print_type(t);
    }
    pr.print_str(" to ");
    if let Some(r) = ir.results(op).next() {
        let t = ir.value_type(r);
        pr.print_type(t);
    }
}

/// `custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)`:
/// a statically shaped memref type, then nothing (a declaration),
/// `= uninitialized` (a unit attribute) or `= <elements attribute>` read
/// with the tensor type of the memref.
pub fn parse_global_memref_op_type_and_initial_value(
    p: &mut OpAsmParser<'_>,
    type_attr: &mut Option<Attribute>,
    initial_value: &mut Option<Attribute>,
) -> PResult<()> {
    let ty = p.parse_type()?;
    let shape = match p.ctx().type_kind(ty) {
        ir::TypeKind::MemRef { shape, element, .. } => {
            let static_shape = shape.iter().all(|&d| d != ods_runtime::index_list::DYNAMIC);
            static_shape.then(|| (shape.to_vec(), *element))
        }
        _ => None,
    };
    let Some((shape, element)) = shape else {
        let at = p.name_location();
        let text = ir::printer::print_type_str(p.ctx(), ty);
        return p.emit_error(
            at,
            format!("type should be static shaped memref, but got '{text}'"),
        );
    };
    *type_attr = Some(ods_runtime::attr::type_attr(p.ctx(), ty));
    if !p.parse_optional_equal() {
        return Ok(());
    }
    if p.parse_optional_keyword("uninitialized") {
        *initial_value = Some(p.ctx().unit_attr());
        return Ok(());
    }
    let tensor = p.ctx().ranked_tensor_type(&shape, element, None);
    let value = p.parse_attribute_of_type(Some(tensor))?;
    if !ods_runtime::pred::is_elements_attr(p.ctx(), value) {
        let at = p.name_location();
        return p.emit_error(at, "initial value should be a unit or elements attribute");
    }
    *initial_value = Some(value);
    Ok(())
}

/// Prints what [`parse_global_memref_op_type_and_initial_value`] reads.
pub fn print_global_memref_op_type_and_initial_value(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    type_attr: Option<Attribute>,
    initial_value: Option<Attribute>,
) {
    if let Some(t) = type_attr {
        pr.print_attribute(t);
    }
    if let Some(v) = initial_value {
        pr.print_str(" = ");
        if ods_runtime::pred::is_unit_attr(pr.ctx(), v) {
            pr.print_str("uninitialized");
        } else {
            pr.print_attribute_without_type(v);
        }
    }
}
