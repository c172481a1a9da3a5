//! `affine.parallel`'s custom form, read and written as `mlir-opt` 22
//! does:
//!
//! ```text
//! affine.parallel (%i, %j) = (0, max(%a, %b + 1)) to (%n, min(16, symbol(%m)))
//!     (step (1, 2))? (reduce ("addf", "maxs") -> (f32, i32))? {...}
//! ```
//!
//! Each bound list is one flat map (`lowerBoundsMap`, `upperBoundsMap`)
//! whose results are grouped (`lowerBoundsGroups`, `upperBoundsGroups`:
//! how many results each dimension takes the max or min of). Every
//! expression is read with its own dims and symbols; the parser then
//! numbers them across the list and merges operands written more than
//! once (MLIR's `parseAffineMapWithMinMax`).

use ir::affine::{AffineExpr, AffineMap};
use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{AttrKind, Attribute, NamedAttribute, OpId, OperationState, Value};
use ods_runtime::format::set_attributes;
use ods_runtime::op::inherent_attr;

use crate::ssa_expr::{print_affine_expr_of_ssa_ids, print_affine_map_of_ssa_ids};
use crate::verify::group_sizes;
use dialect_arith::AtomicRMWKind;

/// The properties the form spells out.
const ELIDED: [&str; 6] = [
    "reductions",
    "lowerBoundsMap",
    "lowerBoundsGroups",
    "upperBoundsMap",
    "upperBoundsGroups",
    "steps",
];

/// One bound list: the flat map and the group sizes (as the op's
/// attributes), and the operands.
struct BoundList {
    map: Attribute,
    groups: Attribute,
    operands: Vec<Value>,
}

/// The expressions of one bound list as read, each with its own operands.
#[derive(Default)]
struct FlatExprs<'a> {
    exprs: Vec<AffineExpr>,
    dims: Vec<Vec<UnresolvedOperand<'a>>>,
    symbols: Vec<Vec<UnresolvedOperand<'a>>>,
    groups: Vec<i64>,
}

/// `(group, ...)` where a group is an expression of SSA values or
/// `keyword(expr, ...)`, its operands resolved as `index`. A list whose
/// text was read before is not parsed again (see
/// `OpAsmParser::parse_cached_list`).
fn parse_bound_list(p: &mut OpAsmParser<'_>, keyword: &'static str) -> PResult<BoundList> {
    let kind = match keyword {
        "max" => "affine.parallel lower bounds",
        _ => "affine.parallel upper bounds",
    };
    let ([map, groups], operands) =
        p.parse_cached_list(kind, Delimiter::Paren, |p| read_bound_list(p, keyword))?;
    let index = p.ctx().index_type();
    let mut values = Vec::with_capacity(operands.len());
    p.resolve_operands_to(&operands, index, &mut values)?;
    Ok(BoundList {
        map,
        groups,
        operands: values,
    })
}

/// What [`parse_bound_list`] reads, before resolving: the flat map and
/// the group sizes as attributes, and the operands, each value once,
/// dims first.
fn read_bound_list<'a>(
    p: &mut OpAsmParser<'a>,
    keyword: &str,
) -> PResult<([Attribute; 2], Vec<UnresolvedOperand<'a>>)> {
    p.parse_lparen()?;
    if p.parse_optional_rparen() {
        let map = p.ctx().affine_map_attr(AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: Vec::new().into(),
        });
        return Ok(([map, i32_tensor(p, &[])], Vec::new()));
    }
    let mut flat = FlatExprs::default();
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        if p.parse_optional_keyword(keyword) {
            let (map, operands) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
            let (dims, symbols) = operands.split_at(map.num_dims as usize);
            for expr in map.results.iter() {
                flat.exprs.push(expr.clone());
                flat.dims.push(dims.to_vec());
                flat.symbols.push(symbols.to_vec());
            }
            flat.groups.push(map.results.len() as i64);
        } else {
            let e = p.parse_affine_expr_of_ssa_ids()?;
            flat.exprs.push(e.expr);
            flat.dims.push(e.dims);
            flat.symbols.push(e.symbols);
            flat.groups.push(1);
        }
        Ok(())
    })?;
    p.parse_rparen()?;
    // Number each expression's dims and symbols after the previous ones'.
    let (mut total_dims, mut total_symbols) = (0u32, 0u32);
    for (i, expr) in flat.exprs.iter_mut().enumerate() {
        let (nd, ns) = (flat.dims[i].len() as u32, flat.symbols[i].len() as u32);
        *expr = expr
            .shift_dims(nd, total_dims)
            .shift_symbols(ns, total_symbols);
        total_dims += nd;
        total_symbols += ns;
    }
    let (mut operands, dim_map) = dedup(&flat.dims, AffineExpr::Dim);
    let (symbol_operands, symbol_map) = dedup(&flat.symbols, AffineExpr::Symbol);
    let flat_map = AffineMap {
        num_dims: total_dims,
        num_symbols: total_symbols,
        results: flat.exprs.into(),
    };
    let map = flat_map.replace_dims_and_symbols(
        &dim_map,
        &symbol_map,
        operands.len() as u32,
        symbol_operands.len() as u32,
    );
    operands.extend(symbol_operands);
    let map = p.ctx().affine_map_attr(map);
    Ok(([map, i32_tensor(p, &flat.groups)], operands))
}

/// Keeps each value once: returns the operands of every expression
/// without repeats and, per operand read, the dim or symbol of its value
/// (MLIR's `deduplicateAndResolveOperands`, before resolving: a use
/// names one value, and two uses name the same one exactly when they
/// have one name and result number).
fn dedup<'a>(
    lists: &[Vec<UnresolvedOperand<'a>>],
    make: fn(u32) -> AffineExpr,
) -> (Vec<UnresolvedOperand<'a>>, Vec<AffineExpr>) {
    let mut unique: Vec<UnresolvedOperand<'a>> = Vec::new();
    let mut replacements = Vec::new();
    for operand in lists.iter().flatten() {
        let pos = match unique.iter().position(|u| u.names_same_value(operand)) {
            Some(pos) => pos,
            None => {
                unique.push(*operand);
                unique.len() - 1
            }
        };
        replacements.push(make(pos as u32));
    }
    (unique, replacements)
}

fn named(p: &mut OpAsmParser<'_>, name: &str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: p.ctx().ident(name),
        value,
    }
}

/// `dense<[...]> : tensor<Nxi32>` (MLIR's `getI32TensorAttr`).
fn i32_tensor(p: &mut OpAsmParser<'_>, values: &[i64]) -> Attribute {
    let ctx = p.ctx();
    let i32_type = ctx.integer_type(32, ir::Signedness::Signless);
    let ty = ctx.ranked_tensor_type(&[values.len() as i64], i32_type, None);
    ods_runtime::attr::dense_int_elements(ctx, ty, values).unwrap_or_else(|| ctx.array_attr(&[]))
}

/// `[v, ...]` of `i64` integer attributes (MLIR's `getI64ArrayAttr`).
fn i64_array(p: &mut OpAsmParser<'_>, values: &[i64]) -> Attribute {
    let ctx = p.ctx();
    let i64_type = ctx.integer_type(64, ir::Signedness::Signless);
    let items: Vec<Attribute> = values
        .iter()
        .map(|&v| ctx.integer_attr(i64_type, v as i128))
        .collect();
    ctx.array_attr(&items)
}

/// `step (c, ...)`: constants only, as the op's `steps` attribute.
fn parse_steps(p: &mut OpAsmParser<'_>, num_ivs: usize) -> PResult<Attribute> {
    if !p.parse_optional_keyword("step") {
        return Ok(i64_array(p, &vec![1; num_ivs]));
    }
    let ([steps], _) = p.parse_cached_list("affine.parallel steps", Delimiter::Paren, |p| {
        let (map, _) = p.parse_affine_map_of_ssa_ids(Delimiter::Paren)?;
        let mut steps = Vec::with_capacity(map.results.len());
        for r in map.results.iter() {
            match r {
                AffineExpr::Constant(c) => steps.push(*c),
                _ => {
                    let at = p.name_location();
                    return p.emit_error(at, "steps must be constant integers");
                }
            }
        }
        Ok(([i64_array(p, &steps)], Vec::new()))
    })?;
    Ok(steps)
}

/// `reduce ("kind", ...)`, as `i64` attributes of the kinds' values.
fn parse_reductions(p: &mut OpAsmParser<'_>) -> PResult<Vec<Attribute>> {
    let mut reductions = Vec::new();
    if !p.parse_optional_keyword("reduce") {
        return Ok(reductions);
    }
    p.parse_lparen()?;
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        let at = p.current_location();
        let none = p.ctx().none_type();
        let attr = p.parse_attribute_of_type(Some(none))?;
        let bytes = match p.ctx().attr_kind(attr) {
            AttrKind::String { value, .. } => value.clone(),
            _ => return p.emit_error(at, "invalid kind of attribute specified"),
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let Some(kind) = AtomicRMWKind::ALL.iter().position(|k| k.as_str() == text) else {
            // A string's `none` type is its default: mlir-opt shows none.
            let untyped = p.ctx().string_attr(&bytes);
            let shown = ir::printer::attrs::print_attribute_str(p.ctx(), untyped);
            return p.emit_error(at, format!("invalid reduction value: {shown}"));
        };
        let i64_type = p.ctx().integer_type(64, ir::Signedness::Signless);
        reductions.push(p.ctx().integer_attr(i64_type, kind as i128));
        Ok(())
    })?;
    p.parse_rparen()?;
    Ok(reductions)
}

/// `affine.parallel`'s custom form.
pub fn parse_parallel(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    p.parse_equal()?;
    let lower = parse_bound_list(p, "max")?;
    p.parse_keyword("to")?;
    let upper = parse_bound_list(p, "min")?;
    let steps = parse_steps(p, ivs.len())?;
    let reductions = parse_reductions(p)?;
    state.result_types = p.parse_optional_arrow_type_list()?;
    let index = p.ctx().index_type();
    for iv in &mut ivs {
        iv.ty = index;
    }
    let body = p.parse_region(&ivs)?;
    let dict = p.parse_optional_attr_dict()?;
    p.ensure_terminator(body, "affine.yield", state.loc);
    state.regions.push(body);
    state.operands.extend(lower.operands);
    state.operands.extend(upper.operands);
    let reductions = p.ctx().array_attr(&reductions);
    let props = vec![
        named(p, "lowerBoundsGroups", lower.groups),
        named(p, "lowerBoundsMap", lower.map),
        named(p, "reductions", reductions),
        named(p, "steps", steps),
        named(p, "upperBoundsGroups", upper.groups),
        named(p, "upperBoundsMap", upper.map),
    ];
    set_attributes(p, state, dict, &ELIDED, props);
    Ok(())
}

/// Prints one bound list (MLIR's `printMinMaxBound`): a group of one
/// result as its expression, a larger one as `keyword(expr, ...)`.
fn print_bound_list(
    pr: &mut OpAsmPrinter<'_, '_>,
    map: &AffineMap,
    groups: &[i64],
    operands: &[Value],
    keyword: &str,
) {
    let num_dims = (map.num_dims as usize).min(operands.len());
    let (dims, symbols) = operands.split_at(num_dims);
    let mut start = 0usize;
    for (i, &size) in groups.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        let size = size.max(0) as usize;
        if size == 1 {
            if let Some(expr) = map.results.get(start) {
                print_affine_expr_of_ssa_ids(pr, expr, dims, symbols);
            }
        } else {
            pr.print_str(keyword);
            pr.print_str("(");
            print_affine_map_of_ssa_ids(pr, &map.slice(start, size), operands);
            pr.print_str(")");
        }
        start += size;
    }
}

/// The `i64` entries of an array attribute of integers.
fn int_array(pr: &OpAsmPrinter<'_, '_>, attr: Option<Attribute>) -> Vec<i64> {
    let ctx = pr.ctx();
    let Some(AttrKind::Array(items)) = attr.map(|a| ctx.attr_kind(a)) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|&a| ods_runtime::pred::integer_attr_value(ctx, a))
        .collect()
}

/// Prints what [`parse_parallel`] reads.
pub fn print_parallel(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let ivs = ir.entry_block_arguments(op, 0);
    pr.print_str(" (");
    pr.print_operands(ivs.iter().copied());
    pr.print_str(") = (");
    let empty = AffineMap {
        num_dims: 0,
        num_symbols: 0,
        results: Vec::new().into(),
    };
    let lb_map = crate::map_ref(ctx, ir, op, "lowerBoundsMap").unwrap_or(&empty);
    let ub_map = crate::map_ref(ctx, ir, op, "upperBoundsMap").unwrap_or(&empty);
    let operands: Vec<Value> = ir.operands(op).collect();
    let lb_count = ((lb_map.num_dims + lb_map.num_symbols) as usize).min(operands.len());
    let (lb_operands, ub_operands) = operands.split_at(lb_count);
    let lb_groups = group_sizes(ctx, ir, op, "lowerBoundsGroups");
    let ub_groups = group_sizes(ctx, ir, op, "upperBoundsGroups");
    print_bound_list(pr, lb_map, &lb_groups, lb_operands, "max");
    pr.print_str(") to (");
    print_bound_list(pr, ub_map, &ub_groups, ub_operands, "min");
    pr.print_str(")");
    let steps = int_array(pr, inherent_attr(ctx, ir, op, "steps"));
    if steps.iter().any(|&s| s != 1) {
        pr.print_str(" step (");
        for (i, &step) in steps.iter().enumerate() {
            if i > 0 {
                pr.print_str(", ");
            }
            pr.print_integer(i128::from(step));
        }
        pr.print_str(")");
    }
    let has_results = ir.num_results(op) != 0;
    if has_results {
        let kinds = int_array(pr, inherent_attr(ctx, ir, op, "reductions"));
        pr.print_str(" reduce (");
        for (i, &k) in kinds.iter().enumerate() {
            if i > 0 {
                pr.print_str(", ");
            }
            let name = usize::try_from(k)
                .ok()
                .and_then(|k| AtomicRMWKind::ALL.get(k))
                .map_or("", |k| k.as_str());
            pr.print_str("\"");
            pr.print_str(name);
            pr.print_str("\"");
        }
        pr.print_str(") -> (");
        pr.print_types(ir.results(op).map(|v| ir.value_type(v)));
        pr.print_str(")");
    }
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, has_results, false);
    crate::format::print_attrs(pr, op, &ELIDED);
}
