//! `affine.dma_start` and `affine.dma_wait` (C++-only ops upstream): their
//! custom forms, checks and operand layout.
//!
//! ```text
//! affine.dma_start %src[subscripts], %dst[subscripts], %tag[subscripts], %n (, %stride, %per_stride)?
//!     : src-memref-type, dst-memref-type, tag-memref-type
//! affine.dma_wait %tag[subscripts], %n : tag-memref-type
//! ```
//!
//! The maps of the subscripts are the discardable attributes `src_map`,
//! `dst_map` and `tag_map`; the operands are each memref followed by its
//! subscript operands, then the element count (and the stride pair). The
//! custom forms have no attribute dictionary, as upstream's.

use ir::affine::AffineMap;
use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::registry::VerifyError;
use ir::{AttrKind, Attribute, Context, Ir, NamedAttribute, OpId, OperationState, TypeKind, Value};

use crate::ssa_expr::print_affine_map_of_ssa_ids;
use crate::validity::{affine_scope, is_valid_dim, is_valid_symbol};

/// The discardable attribute `name` of `op` as a map.
fn discardable_map(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<AffineMap> {
    let dict = ir.attrs(op)?;
    let AttrKind::Dictionary(entries) = ctx.attr_kind(dict) else {
        return None;
    };
    let entry = entries.iter().find(|e| ctx.str(e.name) == name)?;
    match ctx.attr_kind(entry.value) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

fn inputs(map: &Option<AffineMap>) -> usize {
    map.as_ref()
        .map_or(0, |m| (m.num_dims + m.num_symbols) as usize)
}

/// One addressed memref of a DMA op: its operand position, its map, and
/// the positions of its subscript operands.
#[derive(Clone, Debug)]
pub struct DmaAccess {
    pub memref_at: usize,
    pub map: Option<AffineMap>,
    pub indices: std::ops::Range<usize>,
}

/// The source, destination and tag accesses of an `affine.dma_start`, and
/// the position of its element count (`getSrcMemRefOperandIndex`, ...).
pub fn dma_start_layout(ctx: &Context, ir: &Ir, op: OpId) -> ([DmaAccess; 3], usize) {
    let mut at = 0;
    let accesses = ["src_map", "dst_map", "tag_map"].map(|name| {
        let map = discardable_map(ctx, ir, op, name);
        let n = inputs(&map);
        let access = DmaAccess {
            memref_at: at,
            map,
            indices: at + 1..at + 1 + n,
        };
        at += 1 + n;
        access
    });
    (accesses, at)
}

/// `%memref[subscripts]` of a DMA op: the memref, the map and its
/// operands.
fn parse_addressed<'a>(
    p: &mut OpAsmParser<'a>,
) -> PResult<(UnresolvedOperand<'a>, AffineMap, Vec<UnresolvedOperand<'a>>)> {
    let memref = p.parse_operand()?;
    let (map, operands) = p.parse_affine_map_of_ssa_ids(Delimiter::Square)?;
    Ok((memref, map, operands))
}

fn map_entry(p: &mut OpAsmParser<'_>, name: &str, map: AffineMap) -> NamedAttribute {
    let value = p.ctx().affine_map_attr(map);
    NamedAttribute {
        name: p.ctx().ident(name),
        value,
    }
}

fn set_maps(p: &mut OpAsmParser<'_>, state: &mut OperationState, maps: Vec<NamedAttribute>) {
    let dict: Attribute = p.ctx().dictionary_attr(maps);
    state.attrs = Some(dict);
}

/// `affine.dma_start`'s custom form.
pub fn parse_dma_start(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut accesses = Vec::with_capacity(3);
    for i in 0..3 {
        if i > 0 {
            p.parse_comma()?;
        }
        accesses.push(parse_addressed(p)?);
    }
    p.parse_comma()?;
    let num_elements = p.parse_operand()?;
    let strides = p.parse_trailing_operand_list(Delimiter::None)?;
    if !strides.is_empty() && strides.len() != 2 {
        let at = p.name_location();
        return p.emit_error(at, "expected two stride related operands");
    }
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        let at = p.name_location();
        return p.emit_error(at, "expected three types");
    }
    let index = p.ctx().index_type();
    for ((memref, _, indices), &ty) in accesses.iter().zip(&types) {
        let v = p.resolve_operand(*memref, ty)?;
        state.operands.push(v);
        p.resolve_operands_to(indices, index, &mut state.operands)?;
    }
    let v = p.resolve_operand(num_elements, index)?;
    state.operands.push(v);
    p.resolve_operands_to(&strides, index, &mut state.operands)?;
    let counts_match = accesses
        .iter()
        .all(|(_, map, indices)| (map.num_dims + map.num_symbols) as usize == indices.len());
    if !counts_match {
        let at = p.name_location();
        return p.emit_error(at, "memref operand count not equal to map.numInputs");
    }
    let mut maps = Vec::with_capacity(3);
    for ((_, map, _), name) in accesses.into_iter().zip(["src_map", "dst_map", "tag_map"]) {
        maps.push(map_entry(p, name, map));
    }
    set_maps(p, state, maps);
    Ok(())
}

/// Prints `%memref[subscripts]` of one access.
fn print_addressed(pr: &mut OpAsmPrinter<'_, '_>, operands: &[Value], access: &DmaAccess) {
    if let Some(&memref) = operands.get(access.memref_at) {
        pr.print_operand(memref);
    }
    pr.print_str("[");
    if let (Some(map), Some(indices)) = (&access.map, operands.get(access.indices.clone())) {
        print_affine_map_of_ssa_ids(pr, map, indices);
    }
    pr.print_str("]");
}

/// Prints what [`parse_dma_start`] reads.
pub fn print_dma_start(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let operands: Vec<Value> = ir.operands(op).collect();
    let (accesses, count_at) = dma_start_layout(ctx, ir, op);
    pr.print_str(" ");
    for (i, access) in accesses.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        print_addressed(pr, &operands, access);
    }
    for &v in operands.iter().skip(count_at) {
        pr.print_str(", ");
        pr.print_operand(v);
    }
    pr.print_str(" : ");
    for (i, access) in accesses.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        if let Some(&memref) = operands.get(access.memref_at) {
            pr.print_type(ir.value_type(memref));
        }
    }
}

/// `affine.dma_wait`'s custom form.
pub fn parse_dma_wait(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let (tag, map, indices) = parse_addressed(p)?;
    p.parse_comma()?;
    let num_elements = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(tag, ty)?;
    state.operands.push(v);
    let index = p.ctx().index_type();
    p.resolve_operands_to(&indices, index, &mut state.operands)?;
    let v = p.resolve_operand(num_elements, index)?;
    state.operands.push(v);
    let at = p.name_location();
    if !matches!(p.ctx().type_kind(ty), TypeKind::MemRef { .. }) {
        return p.emit_error(at, "expected tag to be of memref type");
    }
    if indices.len() != (map.num_dims + map.num_symbols) as usize {
        return p.emit_error(at, "tag memref operand count != to map.numInputs");
    }
    let maps = vec![map_entry(p, "tag_map", map)];
    set_maps(p, state, maps);
    Ok(())
}

/// The tag access of an `affine.dma_wait` (its element count follows).
pub fn dma_wait_layout(ctx: &Context, ir: &Ir, op: OpId) -> DmaAccess {
    let map = discardable_map(ctx, ir, op, "tag_map");
    let n = inputs(&map);
    DmaAccess {
        memref_at: 0,
        map,
        indices: 1..1 + n,
    }
}

/// Prints what [`parse_dma_wait`] reads.
pub fn print_dma_wait(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    let operands: Vec<Value> = ir.operands(op).collect();
    let access = dma_wait_layout(pr.ctx(), ir, op);
    pr.print_str(" ");
    print_addressed(pr, &operands, &access);
    pr.print_str(", ");
    if let Some(&n) = operands.get(access.indices.end) {
        pr.print_operand(n);
    }
    pr.print_str(" : ");
    if let Some(&tag) = operands.first() {
        pr.print_type(ir.value_type(tag));
    }
}

fn err(message: &str) -> VerifyError {
    VerifyError::op_error(message)
}

fn is_memref(ctx: &Context, ir: &Ir, v: Option<Value>) -> bool {
    v.is_some_and(|v| matches!(ctx.type_kind(ir.value_type(v)), TypeKind::MemRef { .. }))
}

/// Each subscript operand of `access` is an index valid as a dimension
/// or a symbol.
fn check_indices(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    access: &DmaAccess,
    what: &str,
) -> Result<(), VerifyError> {
    let scope = affine_scope(ctx, ir, op);
    for i in access.indices.clone() {
        let Some(v) = ir.operands(op).nth(i) else {
            break;
        };
        if !ctx.is_index(ir.value_type(v)) {
            return Err(err(&format!(
                "{what}index to dma_{} must have 'index' type",
                dma_kind(what)
            )));
        }
        if !is_valid_dim(ctx, ir, v, scope) && !is_valid_symbol(ctx, ir, v, scope) {
            return Err(err(&format!(
                "{what}index must be a valid dimension or symbol identifier"
            )));
        }
    }
    Ok(())
}

/// `start` for the prefixed messages of `affine.dma_start`, `wait` for the
/// bare ones of `affine.dma_wait`.
fn dma_kind(prefix: &str) -> &'static str {
    if prefix.is_empty() {
        "wait"
    } else {
        "start"
    }
}

/// `affine.dma_start`: memrefs where memrefs go, one operand per map input
/// plus the count (and the stride pair), subscripts valid as dimensions or
/// symbols.
pub fn verify_dma_start(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let (accesses, count_at) = dma_start_layout(ctx, ir, op);
    let operand = |i: usize| ir.operands(op).nth(i);
    for (access, what) in accesses.iter().zip(["source", "destination", "tag"]) {
        if !is_memref(ctx, ir, operand(access.memref_at)) {
            return Err(err(&format!("expected DMA {what} to be of memref type")));
        }
    }
    let n = ir.num_operands(op);
    if n != count_at + 1 && n != count_at + 3 {
        return Err(err("incorrect number of operands"));
    }
    for (access, what) in accesses.iter().zip(["src ", "dst ", "tag "]) {
        check_indices(ctx, ir, op, access, what)?;
    }
    Ok(())
}

/// `affine.dma_wait`: a memref tag and subscripts valid as dimensions or
/// symbols.
pub fn verify_dma_wait(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    if !is_memref(ctx, ir, ir.operands(op).next()) {
        return Err(err("expected DMA tag to be of memref type"));
    }
    check_indices(ctx, ir, op, &dma_wait_layout(ctx, ir, op), "")
}
