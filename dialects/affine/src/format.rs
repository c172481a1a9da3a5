//! The custom forms of the affine ops whose spec says
//! `hasCustomAssemblyFormat`, read and written as `mlir-opt` 22 does:
//!
//! ```text
//! affine.apply #map(%d)[%s]            affine.min #map(%d)[%s]   affine.max ...
//! affine.for %i = lb to ub (step 2)? (iter_args(%a = %init) -> (t))? {...}
//!   where a bound is `4`, `%v`, or `(max|min)? #map(%d)[%s]`
//! affine.if #set(%d)[%s] (-> t)? {...} (else {...})?
//! affine.load %A[%i + 1, symbol(%n)] : memref<...>
//! affine.store %v, %A[%i] : memref<...>
//! affine.vector_load %A[%i] : memref<...>, vector<...>
//! affine.vector_store %v, %A[%i] : memref<...>, vector<...>
//! affine.prefetch %A[%i], read, locality<3>, data : memref<...>
//! ```
//!
//! In: the tokens after the op name (parsers) or the op (printers). Out:
//! the op's state (inherent attributes in its properties, the others in
//! its discardable dictionary, as MLIR 22 stores them) or the text.
//! Bodies get their implicit `affine.yield` while parsing, and the
//! printers leave it out where `mlir-opt` does.

use std::ops::Range;

use smallvec::SmallVec;

use ir::affine::{AffineExpr, AffineMap};
use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, NamedAttribute, OpId, OperationState, Type, TypeKind, Value};
use ods_runtime::format::{check_type_kind, set_attributes};
use ods_runtime::op::inherent_attr;

use crate::ssa_expr::print_affine_map_of_ssa_ids;

/// The terminator the parsers add to bodies that lack one.
const YIELD: &str = "affine.yield";

fn named(p: &mut OpAsmParser<'_>, name: &str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: p.ctx().ident(name),
        value,
    }
}

fn index_type(p: &mut OpAsmParser<'_>) -> Type {
    p.ctx().index_type()
}

/// The op's attribute dictionary without the `elided` names, when it
/// shows any (MLIR's `printOptionalAttrDict(getAttrs(), elided)`; the
/// sorted list is built only then).
pub(crate) fn print_attrs(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, elided: &[&str]) {
    ods_runtime::format::print_attr_dict(pr, op, elided, &[], false);
}

/// The first argument of the entry block of `op`'s first region.
pub(crate) fn first_argument(ir: &ir::Ir, op: OpId) -> Option<Value> {
    let region = (ir.num_regions(op) > 0).then(|| ir.region(op, 0))?;
    ir.first_block(region).and_then(|b| ir.arguments(b).next())
}

fn attr_map<'c>(pr: &OpAsmPrinter<'_, 'c>, op: OpId, name: &str) -> Option<&'c AffineMap> {
    crate::map_ref(pr.ctx(), pr.ir(), op, name)
}

/// `(%d0, ...)` then an optional `[%s0, ...]`, resolved as `index`
/// (MLIR's `parseDimAndSymbolList`) and pushed onto `values`; returns
/// the number of dims and the number of values pushed.
pub fn parse_dim_and_symbol_list(
    p: &mut OpAsmParser<'_>,
    values: &mut Vec<Value>,
) -> PResult<(usize, usize)> {
    let mut infos = p.parse_operand_list(Delimiter::Paren)?;
    let num_dims = infos.len();
    infos.extend(p.parse_operand_list(Delimiter::OptionalSquare)?);
    let index = index_type(p);
    p.resolve_operands_to(&infos, index, values)?;
    Ok((num_dims, infos.len()))
}

/// Prints `(%d0, ...)` and, when there are symbols, `[%s0, ...]` (MLIR's
/// `printDimAndSymbolList`) for `op`'s operands at `operands`.
pub fn print_dim_and_symbol_list(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    operands: Range<usize>,
    num_dims: usize,
) {
    let ir = pr.ir();
    let split = (operands.start + num_dims).min(operands.end);
    pr.print_str("(");
    pr.print_operands((operands.start..split).map(|k| ir.operand(op, k)));
    pr.print_str(")");
    if operands.end > split {
        pr.print_str("[");
        pr.print_operands((split..operands.end).map(|k| ir.operand(op, k)));
        pr.print_str("]");
    }
}

/// The counts of an affine map that the parsers check against the
/// operands they read (the map itself stays in the context: parsing
/// copies no map).
#[derive(Clone, Copy)]
struct MapShape {
    num_dims: usize,
    num_symbols: usize,
    num_results: usize,
}

impl MapShape {
    fn of(map: &AffineMap) -> MapShape {
        MapShape {
            num_dims: map.num_dims as usize,
            num_symbols: map.num_symbols as usize,
            num_results: map.results.len(),
        }
    }
}

/// An affine map attribute (`affine_map<...>` or an alias), else
/// `invalid kind of attribute specified`.
fn parse_map_attr(p: &mut OpAsmParser<'_>) -> PResult<(Attribute, MapShape)> {
    let at = p.current_location();
    let attr = p.parse_attribute()?;
    match p.ctx().attr_kind(attr) {
        AttrKind::AffineMap(m) => {
            let shape = MapShape::of(m);
            Ok((attr, shape))
        }
        _ => p.emit_error(at, "invalid kind of attribute specified"),
    }
}

// ----- affine.apply, affine.min, affine.max ---------------------------------------

/// `affine.apply`'s custom form: the map, its dims and symbols, then the
/// attribute dictionary.
pub fn parse_apply(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let (attr, map) = parse_map_attr(p)?;
    let (num_dims, num_values) = parse_dim_and_symbol_list(p, &mut state.operands)?;
    let dict = p.parse_optional_attr_dict()?;
    if map.num_dims != num_dims || num_dims + map.num_symbols != num_values {
        let at = p.name_location();
        return p.emit_error(at, "dimension or symbol index mismatch");
    }
    let index = index_type(p);
    state.result_types = vec![index; map.num_results];
    let props = vec![named(p, "map", attr)];
    set_attributes(p, state, dict, &["map"], props);
    Ok(())
}

/// `affine.min` / `affine.max`: the map, `(dims)`, optional `[symbols]`,
/// then the attribute dictionary; no check of the counts here (the
/// verifier's).
pub fn parse_min_max(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let (attr, _) = parse_map_attr(p)?;
    let dims = p.parse_operand_list(Delimiter::Paren)?;
    let syms = p.parse_operand_list(Delimiter::OptionalSquare)?;
    let dict = p.parse_optional_attr_dict()?;
    let index = index_type(p);
    p.resolve_operands_to(&dims, index, &mut state.operands)?;
    p.resolve_operands_to(&syms, index, &mut state.operands)?;
    state.result_types.push(index);
    let props = vec![named(p, "map", attr)];
    set_attributes(p, state, dict, &["map"], props);
    Ok(())
}

/// Prints what [`parse_apply`] and [`parse_min_max`] read.
pub fn print_map_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    if let Some(attr) = inherent_attr(pr.ctx(), ir, op, "map") {
        pr.print_attribute(attr);
    }
    let num_dims = attr_map(pr, op, "map").map_or(0, |m| m.num_dims as usize);
    print_dim_and_symbol_list(pr, op, 0..ir.num_operands(op), num_dims);
    print_attrs(pr, op, &["map"]);
}

// ----- affine.for ---------------------------------------------------------------

/// One loop bound: `4`, `%v`, or `(max|min)? map(dims)[symbols]`; pushes
/// its operands and returns its map (MLIR's `parseBound`).
fn parse_bound(
    p: &mut OpAsmParser<'_>,
    is_lower: bool,
    operands: &mut Vec<Value>,
) -> PResult<Attribute> {
    let had_min_max = p.parse_optional_keyword(if is_lower { "max" } else { "min" });
    let index = index_type(p);
    let ssa = p.parse_operand_list(Delimiter::None)?;
    if !ssa.is_empty() {
        if ssa.len() > 1 {
            let at = p.name_location();
            return p.emit_error(at, "expected only one loop bound operand");
        }
        let v = p.resolve_operand(ssa[0], index)?;
        operands.push(v);
        let map = AffineMap {
            num_dims: 0,
            num_symbols: 1,
            results: vec![AffineExpr::Symbol(0)].into(),
        };
        return Ok(p.ctx().affine_map_attr(map));
    }
    let attr_at = p.current_location();
    let attr = p.parse_attribute_of_type(Some(index))?;
    // The bound's kind, read without copying the map out of the context.
    enum BoundKind {
        Map(MapShape),
        Integer,
        Other,
    }
    let kind = match p.ctx().attr_kind(attr) {
        AttrKind::AffineMap(map) => BoundKind::Map(MapShape::of(map)),
        AttrKind::Integer { .. } => BoundKind::Integer,
        _ => BoundKind::Other,
    };
    match kind {
        BoundKind::Map(map) => {
            let (num_dims, num_values) = parse_dim_and_symbol_list(p, operands)?;
            let at = p.name_location();
            if map.num_dims != num_dims {
                return p.emit_error(at, "dim operand count and affine map dim count must match");
            }
            if num_dims + map.num_symbols != num_values {
                return p.emit_error(
                    at,
                    "symbol operand count and affine map symbol count must match",
                );
            }
            if map.num_results > 1 && !had_min_max {
                let message = if is_lower {
                    "lower loop bound affine map with multiple results requires 'max' prefix"
                } else {
                    "upper loop bound affine map with multiple results requires 'min' prefix"
                };
                return p.emit_error(attr_at, message);
            }
            Ok(attr)
        }
        BoundKind::Integer => {
            let value = ods_runtime::pred::integer_attr_value(p.ctx(), attr).unwrap_or(0);
            let map = AffineMap {
                num_dims: 0,
                num_symbols: 0,
                results: vec![AffineExpr::Constant(value)].into(),
            };
            Ok(p.ctx().affine_map_attr(map))
        }
        BoundKind::Other => {
            let at = p.name_location();
            p.emit_error(
                at,
                "expected valid affine map representation for loop bounds",
            )
        }
    }
}

/// `affine.for`'s custom form.
pub fn parse_for(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let index = index_type(p);
    let mut iv = p.parse_argument(false, false)?;
    iv.ty = index;
    p.parse_equal()?;
    let operands = &mut state.operands;
    let lb = parse_bound(p, true, operands)?;
    let num_lb = operands.len();
    if !p.parse_optional_keyword("to") {
        return p.emit_error_here("expected 'to' between bounds");
    }
    let ub = parse_bound(p, false, operands)?;
    let num_ub = operands.len() - num_lb;
    let step = if p.parse_optional_keyword("step") {
        let step_at = p.current_location();
        let attr = p.parse_attribute_of_type(Some(index))?;
        let value = match p.ctx().attr_kind(attr) {
            AttrKind::Integer { .. } => ods_runtime::pred::integer_attr_value(p.ctx(), attr),
            _ => None,
        };
        match value {
            Some(v) if v < 0 => {
                return p.emit_error(
                    step_at,
                    "expected step to be representable as a positive signed integer",
                )
            }
            Some(_) => attr,
            None => return p.emit_error(step_at, "invalid kind of attribute specified"),
        }
    } else {
        p.ctx().integer_attr(index, 1)
    };
    let mut args = vec![iv];
    let mut inits: Vec<UnresolvedOperand<'_>> = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        let (carried, values) = p.parse_assignment_list()?;
        args.extend(carried);
        inits = values;
        state.result_types = p.parse_arrow_type_list()?;
        for ((arg, init), &ty) in args[1..].iter_mut().zip(&inits).zip(&state.result_types) {
            arg.ty = ty;
            let v = p.resolve_operand(*init, ty)?;
            state.operands.push(v);
        }
    }
    let segments = [num_lb as i32, num_ub as i32, inits.len() as i32];
    if args.len() != state.result_types.len() + 1 {
        let at = p.name_location();
        return p.emit_error(
            at,
            "mismatch between the number of loop-carried values and results",
        );
    }
    let body = p.parse_region(&args)?;
    p.ensure_terminator(body, YIELD, state.loc);
    state.regions.push(body);
    let dict = p.parse_optional_attr_dict()?;
    let segments = ods_runtime::attr::dense_array(p.ctx(), &segments);
    let props = vec![
        named(p, "lowerBoundMap", lb),
        named(p, "operandSegmentSizes", segments),
        named(p, "step", step),
        named(p, "upperBoundMap", ub),
    ];
    set_attributes(
        p,
        state,
        dict,
        &[
            "lowerBoundMap",
            "upperBoundMap",
            "step",
            "operandSegmentSizes",
        ],
        props,
    );
    Ok(())
}

/// Prints one bound of `affine.for` (MLIR's `printBound`): a constant or
/// a lone symbol operand in short form, otherwise the map with its
/// operands, after `prefix` when the map has several results.
fn print_bound(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    map_attr: Option<Attribute>,
    operands: Range<usize>,
    prefix: &str,
) {
    let Some(attr) = map_attr else {
        return;
    };
    let map = match pr.ctx().attr_kind(attr) {
        AttrKind::AffineMap(m) => m,
        _ => return,
    };
    if map.results.len() == 1 {
        let expr = &map.results[0];
        if map.num_dims == 0 && map.num_symbols == 0 {
            if let AffineExpr::Constant(c) = expr {
                pr.print_integer(*c as i128);
                return;
            }
        }
        if map.num_dims == 0 && map.num_symbols == 1 {
            if let (AffineExpr::Symbol(_), false) = (expr, operands.is_empty()) {
                pr.print_operand(pr.ir().operand(op, operands.start));
                return;
            }
        }
    } else {
        pr.print_str(prefix);
        pr.print_str(" ");
    }
    pr.print_attribute(attr);
    print_dim_and_symbol_list(pr, op, operands, map.num_dims as usize);
}

/// The operand positions of `affine.for`'s lower bound, upper bound and
/// inits, read from its `operandSegmentSizes` without copying anything
/// (an absent or malformed property counts as all zero; a range never
/// reaches past the operands).
pub fn for_operand_ranges(ir: &ir::Ir, ctx: &ir::Context, op: OpId) -> [Range<usize>; 3] {
    let mut sizes = [0usize; 3];
    let attr = inherent_attr(ctx, ir, op, "operandSegmentSizes");
    if let Some(AttrKind::DenseArray { elem, data }) = attr.map(|a| ctx.attr_kind(a)) {
        if ods_runtime::pred::is_signless_integer_of_width(ctx, *elem, 32) {
            for (size, c) in sizes.iter_mut().zip(data.chunks_exact(4)) {
                let n = i32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                *size = usize::try_from(n).unwrap_or(0);
            }
        }
    }
    let count = ir.num_operands(op);
    let mut start = 0;
    sizes.map(|size| {
        let range = start.min(count)..(start + size).min(count);
        start += size;
        range
    })
}

/// The operands of `affine.for`'s lower bound, upper bound and inits.
pub fn for_operand_groups(ir: &ir::Ir, ctx: &ir::Context, op: OpId) -> [Vec<Value>; 3] {
    for_operand_ranges(ir, ctx, op).map(|r| r.map(|k| ir.operand(op, k)).collect())
}

/// Prints what [`parse_for`] reads.
pub fn print_for(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let [lb_operands, ub_operands, inits] = for_operand_ranges(ir, ctx, op);
    pr.print_str(" ");
    if let Some(iv) = first_argument(ir, op) {
        pr.print_region_argument_without_type(iv);
    }
    pr.print_str(" = ");
    print_bound(
        pr,
        op,
        inherent_attr(ctx, ir, op, "lowerBoundMap"),
        lb_operands,
        "max",
    );
    pr.print_str(" to ");
    print_bound(
        pr,
        op,
        inherent_attr(ctx, ir, op, "upperBoundMap"),
        ub_operands,
        "min",
    );
    let step = inherent_attr(ctx, ir, op, "step")
        .and_then(|s| ods_runtime::pred::integer_attr_value(ctx, s))
        .unwrap_or(1);
    if step != 1 {
        pr.print_str(" step ");
        pr.print_integer(i128::from(step));
    }
    if !inits.is_empty() {
        pr.print_str(" iter_args(");
        let region = ir.region(op, 0);
        let args = ir.first_block(region).map(|b| ir.arguments(b));
        let inits = inits.clone().map(|k| ir.operand(op, k));
        for (i, (arg, init)) in args.into_iter().flatten().skip(1).zip(inits).enumerate() {
            if i > 0 {
                pr.print_str(", ");
            }
            pr.print_operand(arg);
            pr.print_str(" = ");
            pr.print_operand(init);
        }
        pr.print_str(") -> (");
        pr.print_types(ir.results(op).map(|v| ir.value_type(v)));
        pr.print_str(")");
    }
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, !inits.is_empty(), false);
    print_attrs(
        pr,
        op,
        &[
            "lowerBoundMap",
            "upperBoundMap",
            "step",
            "operandSegmentSizes",
        ],
    );
}

// ----- affine.if ----------------------------------------------------------------

/// `affine.if`'s custom form.
pub fn parse_if(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let attr_at = p.current_location();
    let attr = p.parse_attribute()?;
    let (set_dims, set_symbols) = match p.ctx().attr_kind(attr) {
        AttrKind::IntegerSet(s) => (s.num_dims as usize, s.num_symbols as usize),
        _ => return p.emit_error(attr_at, "invalid kind of attribute specified"),
    };
    let (num_dims, num_values) = parse_dim_and_symbol_list(p, &mut state.operands)?;
    let at = p.name_location();
    if set_dims != num_dims {
        return p.emit_error(at, "dim operand count and integer set dim count must match");
    }
    if num_dims + set_symbols != num_values {
        return p.emit_error(
            at,
            "symbol operand count and integer set symbol count must match",
        );
    }
    state.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[])?;
    p.ensure_terminator(then_region, YIELD, state.loc);
    state.regions.push(then_region);
    let else_region = if p.parse_optional_keyword("else") {
        let region = p.parse_region(&[])?;
        p.ensure_terminator(region, YIELD, state.loc);
        region
    } else {
        p.new_region()
    };
    state.regions.push(else_region);
    let dict = p.parse_optional_attr_dict()?;
    let props = vec![named(p, "condition", attr)];
    set_attributes(p, state, dict, &["condition"], props);
    Ok(())
}

/// Prints what [`parse_if`] reads.
pub fn print_if(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    pr.print_str(" ");
    let num_dims = match inherent_attr(ctx, ir, op, "condition") {
        Some(attr) => {
            pr.print_attribute(attr);
            crate::set_ref(ctx, ir, op, "condition").map_or(0, |s| s.num_dims as usize)
        }
        None => 0,
    };
    print_dim_and_symbol_list(pr, op, 0..ir.num_operands(op), num_dims);
    let terminators = ir.num_results(op) > 0;
    if terminators {
        let results: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
        pr.print_optional_arrow_type_list(&results);
    }
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, terminators, false);
    if ir.num_regions(op) > 1 {
        let else_region = ir.region(op, 1);
        if !ir.region_is_empty(else_region) {
            pr.print_str(" else ");
            pr.print_region(else_region, false, terminators, false);
        }
    }
    print_attrs(pr, op, &["condition"]);
}

// ----- memory accesses ----------------------------------------------------------

/// `%memref[subscripts]`: the memref operand, then the map of the
/// subscripts and its operands.
fn parse_access<'a>(
    p: &mut OpAsmParser<'a>,
) -> PResult<(UnresolvedOperand<'a>, Attribute, Vec<UnresolvedOperand<'a>>)> {
    let memref = p.parse_operand()?;
    let (attr, operands) = p.parse_affine_map_attr_of_ssa_ids(Delimiter::Square)?;
    Ok((memref, attr, operands))
}

/// `: memref<...>`, else `invalid kind of type specified: expected
/// builtin.memref, ...` at the colon (MLIR's typed `parseColonType`).
fn parse_colon_memref_type(p: &mut OpAsmParser<'_>) -> PResult<Type> {
    let at = p.current_location();
    p.parse_colon()?;
    let ty = p.parse_type()?;
    check_type_kind(p, at, ty, Some("builtin.memref"), |ctx, t| {
        matches!(ctx.type_kind(t), TypeKind::MemRef { .. })
    })?;
    Ok(ty)
}

/// `, vector<...>`, else `invalid kind of type specified: expected
/// builtin.vector, ...` at the type (MLIR's typed `parseType`).
fn parse_comma_vector_type(p: &mut OpAsmParser<'_>) -> PResult<Type> {
    p.parse_comma()?;
    let at = p.current_location();
    let ty = p.parse_type()?;
    check_type_kind(p, at, ty, Some("builtin.vector"), |ctx, t| {
        matches!(ctx.type_kind(t), TypeKind::Vector { .. })
    })?;
    Ok(ty)
}

fn element_type(p: &mut OpAsmParser<'_>, memref: Type) -> Type {
    match p.ctx().type_kind(memref) {
        TypeKind::MemRef { element, .. } => *element,
        _ => memref,
    }
}

/// `affine.load` (`vector: false`) and `affine.vector_load`.
fn parse_load_like(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    vector: bool,
) -> PResult<()> {
    let (memref, map, indices) = parse_access(p)?;
    let dict = p.parse_optional_attr_dict()?;
    let ty = parse_colon_memref_type(p)?;
    let result = if vector {
        Some(parse_comma_vector_type(p)?)
    } else {
        None
    };
    let memref = p.resolve_operand(memref, ty)?;
    state.operands.push(memref);
    let index = index_type(p);
    p.resolve_operands_to(&indices, index, &mut state.operands)?;
    let result = result.unwrap_or_else(|| element_type(p, ty));
    state.result_types.push(result);
    let props = vec![named(p, "map", map)];
    set_attributes(p, state, dict, &["map"], props);
    Ok(())
}

/// `affine.load`'s custom form.
pub fn parse_load(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_load_like(p, state, false)
}

/// `affine.vector_load`'s custom form.
pub fn parse_vector_load(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_load_like(p, state, true)
}

/// `affine.store` (`vector: false`) and `affine.vector_store`.
fn parse_store_like(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    vector: bool,
) -> PResult<()> {
    let value = p.parse_operand()?;
    p.parse_comma()?;
    let (memref, map, indices) = parse_access(p)?;
    let dict = p.parse_optional_attr_dict()?;
    let ty = parse_colon_memref_type(p)?;
    let value_ty = if vector {
        parse_comma_vector_type(p)?
    } else {
        element_type(p, ty)
    };
    let value = p.resolve_operand(value, value_ty)?;
    state.operands.push(value);
    let memref = p.resolve_operand(memref, ty)?;
    state.operands.push(memref);
    let index = index_type(p);
    p.resolve_operands_to(&indices, index, &mut state.operands)?;
    let props = vec![named(p, "map", map)];
    set_attributes(p, state, dict, &["map"], props);
    Ok(())
}

/// `affine.store`'s custom form.
pub fn parse_store(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_store_like(p, state, false)
}

/// `affine.vector_store`'s custom form.
pub fn parse_vector_store(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_store_like(p, state, true)
}

/// Prints `%memref[subscripts]` from operand `memref_at` on.
fn print_access(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, memref_at: usize) {
    let ir = pr.ir();
    pr.print_str(" ");
    if memref_at < ir.num_operands(op) {
        pr.print_operand(ir.operand(op, memref_at));
    }
    pr.print_str("[");
    if let Some(map) = attr_map(pr, op, "map") {
        let map_operands: SmallVec<[Value; 8]> = ir.operands(op).skip(memref_at + 1).collect();
        print_affine_map_of_ssa_ids(pr, map, &map_operands);
    }
    pr.print_str("]");
}

/// The attribute dictionary without the map, then `: memref-type`, then
/// `, vector-type` for the vector forms.
fn print_access_tail(
    pr: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    memref_at: usize,
    vector: Option<Value>,
) {
    print_attrs(pr, op, &["map"]);
    let ir = pr.ir();
    pr.print_str(" : ");
    if memref_at < ir.num_operands(op) {
        pr.print_type(ir.value_type(ir.operand(op, memref_at)));
    }
    if let Some(v) = vector {
        pr.print_str(", ");
        pr.print_type(ir.value_type(v));
    }
}

/// Prints what [`parse_load`] reads.
pub fn print_load(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_access(pr, op, 0);
    print_access_tail(pr, op, 0, None);
}

/// Prints what [`parse_vector_load`] reads.
pub fn print_vector_load(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_access(pr, op, 0);
    let result = pr.ir().results(op).next();
    print_access_tail(pr, op, 0, result);
}

/// Prints the stored value and `, ` before the access.
fn print_stored_value(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    if ir.num_operands(op) > 0 {
        pr.print_operand(ir.operand(op, 0));
    }
    pr.print_str(",");
}

/// Prints what [`parse_store`] reads.
pub fn print_store(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_stored_value(pr, op);
    print_access(pr, op, 1);
    print_access_tail(pr, op, 1, None);
}

/// Prints what [`parse_vector_store`] reads.
pub fn print_vector_store(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_stored_value(pr, op);
    print_access(pr, op, 1);
    let value = pr.ir().operands(op).next();
    print_access_tail(pr, op, 1, value);
}

// ----- affine.prefetch ----------------------------------------------------------

/// The attributes `affine.prefetch` spells out in its form.
const PREFETCH_ATTRS: [&str; 4] = ["map", "localityHint", "isDataCache", "isWrite"];

/// `affine.prefetch`'s custom form.
pub fn parse_prefetch(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let (memref, map, indices) = parse_access(p)?;
    p.parse_comma()?;
    let rw = p.parse_keyword_any()?;
    p.parse_comma()?;
    p.parse_keyword("locality")?;
    p.parse_less()?;
    let i32_type = p.ctx().integer_type(32, ir::Signedness::Signless);
    let hint = p.parse_attribute_of_type(Some(i32_type))?;
    p.parse_greater()?;
    p.parse_comma()?;
    let cache = p.parse_keyword_any()?;
    let dict = p.parse_optional_attr_dict()?;
    let ty = parse_colon_memref_type(p)?;
    let memref = p.resolve_operand(memref, ty)?;
    state.operands.push(memref);
    let index = index_type(p);
    p.resolve_operands_to(&indices, index, &mut state.operands)?;
    let at = p.name_location();
    if rw != "read" && rw != "write" {
        return p.emit_error(at, "rw specifier has to be 'read' or 'write'");
    }
    if cache != "data" && cache != "instr" {
        return p.emit_error(at, "cache type has to be 'data' or 'instr'");
    }
    let is_write = p.ctx().bool_attr(rw == "write");
    let is_data = p.ctx().bool_attr(cache == "data");
    let props = vec![
        named(p, "isDataCache", is_data),
        named(p, "isWrite", is_write),
        named(p, "localityHint", hint),
        named(p, "map", map),
    ];
    set_attributes(p, state, dict, &PREFETCH_ATTRS, props);
    Ok(())
}

/// Prints what [`parse_prefetch`] reads.
pub fn print_prefetch(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_access(pr, op, 0);
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let flag = |name: &str| {
        inherent_attr(ctx, ir, op, name)
            .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
            .unwrap_or(0)
    };
    let (is_write, hint, is_data) = (flag("isWrite"), flag("localityHint"), flag("isDataCache"));
    pr.print_str(if is_write != 0 { ", write" } else { ", read" });
    pr.print_str(&format!(", locality<{hint}>, "));
    pr.print_str(if is_data != 0 { "data" } else { "instr" });
    print_attrs(pr, op, &PREFETCH_ATTRS);
    pr.print_str(" : ");
    if ir.num_operands(op) > 0 {
        pr.print_type(ir.value_type(ir.operand(op, 0)));
    }
}

// ----- custom<DynamicIndexList> -------------------------------------------------

/// `custom<DynamicIndexList>($values, $statics, "&[]", delimiter)` of
/// `affine.delinearize_index` and `affine.linearize_index`: no scalable
/// flags (upstream's `{}`), the entries inside `delimiter`.
pub fn parse_dynamic_index_list<'a>(
    p: &mut OpAsmParser<'a>,
    values: &mut Vec<UnresolvedOperand<'a>>,
    statics: &mut Option<Attribute>,
    _no_scalable_flags: &[bool],
    delimiter: Delimiter,
) -> PResult<()> {
    let entries =
        ods_runtime::index_list::parse_dynamic_index_list_with(p, delimiter, values, None)?;
    *statics = Some(ods_runtime::attr::dense_array(p.ctx(), &entries));
    Ok(())
}

/// Prints what [`parse_dynamic_index_list`] reads.
pub fn print_dynamic_index_list(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    values: &[Value],
    statics: Option<Attribute>,
    _no_scalable_flags: &[bool],
    delimiter: Delimiter,
) {
    let statics: Vec<i64> = statics
        .map(|a| ods_runtime::attr::dense_array_values(pr.ctx(), a))
        .unwrap_or_default();
    ods_runtime::index_list::print_dynamic_index_list_with(pr, delimiter, values, &statics, &[]);
}
