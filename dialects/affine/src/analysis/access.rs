//! Affine memory accesses and where they sit (MLIR's `MemRefAccess`,
//! `getAffineAnalysisScope`, `getEnclosingAffineOps`,
//! `getAffineIVs`, `getNumCommonSurroundingLoops` in
//! `Affine/Analysis/Utils.cpp`).
//!
//! In: an `affine.load`, `affine.vector_load`, `affine.store` or
//! `affine.vector_store` (the ops upstream's `AffineReadOpInterface` and
//! `AffineWriteOpInterface` cover). Out: its memref, subscripts and map,
//! the map composed with the `affine.apply` ops that feed it, and whether
//! two accesses provably touch the same element.

use crate::compose::{canonicalize_map_and_operands, compose_affine_map_and_operands};
use crate::map_of;
use crate::validity::AFFINE_SCOPE_OPS;
use ir::affine::{AffineExpr, AffineMap};
use ir::{BlockId, Context, Ir, OpId, RegionId, Value};

/// The ops that read through an affine map (`AffineReadOpInterface`):
/// the memref is operand 0, the subscripts follow, the result is the
/// value read.
pub const READ_OPS: &[&str] = &["affine.load", "affine.vector_load"];
/// The ops that write through an affine map (`AffineWriteOpInterface`):
/// the value stored is operand 0, the memref operand 1, the subscripts
/// follow.
pub const WRITE_OPS: &[&str] = &["affine.store", "affine.vector_store"];

/// The ops that bound an iteration domain (upstream's
/// `getEnclosingAffineOps`).
const DOMAIN_OPS: &[&str] = &["affine.for", "affine.if", "affine.parallel"];

fn name<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> &'c str {
    ctx.str(ir.op_name(op))
}

/// Whether `op` reads memory through an affine map.
pub fn is_affine_read(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    READ_OPS.contains(&name(ctx, ir, op))
}

/// Whether `op` writes memory through an affine map.
pub fn is_affine_write(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    WRITE_OPS.contains(&name(ctx, ir, op))
}

/// One affine read or write: the op, the memref, the map and its
/// operands as the op holds them.
#[derive(Clone, Debug)]
pub struct MemRefAccess {
    /// The load or store.
    pub op: OpId,
    /// The memref it reads or writes.
    pub memref: Value,
    /// The subscript operands of `map`.
    pub indices: Vec<Value>,
    /// The op's `map`.
    pub map: AffineMap,
    /// A write (store) rather than a read (load).
    pub is_write: bool,
}

impl MemRefAccess {
    /// The access `op` makes, when it is an affine read or write with its
    /// map (a malformed op is none).
    pub fn of(ctx: &Context, ir: &Ir, op: OpId) -> Option<MemRefAccess> {
        let is_write = is_affine_write(ctx, ir, op);
        if !is_write && !is_affine_read(ctx, ir, op) {
            return None;
        }
        let first = usize::from(is_write);
        let operands: Vec<Value> = ir.operands(op).collect();
        let memref = *operands.get(first)?;
        let indices = operands.get(first + 1..)?.to_vec();
        let map = map_of(ctx, ir, op, "map")?;
        if (map.num_dims + map.num_symbols) as usize != indices.len() {
            return None;
        }
        Some(MemRefAccess {
            op,
            memref,
            indices,
            map,
            is_write,
        })
    }

    /// The map composed with the `affine.apply` ops feeding its operands,
    /// simplified and canonicalized (MLIR's `MemRefAccess::getAccessMap`).
    pub fn access_map(&self, ctx: &Context, ir: &Ir) -> (AffineMap, Vec<Value>) {
        let mut map = self.map.clone();
        let mut operands = self.indices.clone();
        compose_affine_map_and_operands(ctx, ir, &mut map, &mut operands);
        map = map.simplified();
        canonicalize_map_and_operands(ctx, ir, &mut map, &mut operands);
        (map, operands)
    }

    /// Whether both accesses provably touch the same element of the same
    /// memref: the difference of their composed maps simplifies to zero
    /// in every result (MLIR's `MemRefAccess::operator==` through
    /// `AffineValueMap::difference`). Aliasing memrefs do not count.
    pub fn same_element(&self, other: &MemRefAccess, ctx: &Context, ir: &Ir) -> bool {
        if self.memref != other.memref {
            return false;
        }
        let (a, a_ops) = self.access_map(ctx, ir);
        let (b, b_ops) = other.access_map(ctx, ir);
        if a.results.len() != b.results.len() {
            return false;
        }
        let (a_dims, a_syms) = a_ops.split_at(a.num_dims as usize);
        let (b_dims, b_syms) = b_ops.split_at(b.num_dims as usize);
        let num_dims = a.num_dims + b.num_dims;
        let num_symbols = a.num_symbols + b.num_symbols;
        let shift = |e: &AffineExpr| {
            e.shift_dims(b.num_dims, a.num_dims)
                .shift_symbols(b.num_symbols, a.num_symbols)
        };
        let results: Vec<AffineExpr> = a
            .results
            .iter()
            .zip(b.results.iter())
            .map(|(x, y)| x.clone() - shift(y))
            .collect();
        let mut diff = AffineMap {
            num_dims,
            num_symbols,
            results: results.into(),
        };
        let mut operands: Vec<Value> = [a_dims, b_dims, a_syms, b_syms].concat();
        compose_affine_map_and_operands(ctx, ir, &mut diff, &mut operands);
        canonicalize_map_and_operands(ctx, ir, &mut diff, &mut operands);
        diff = diff.simplified();
        diff.results.iter().all(|e| *e == AffineExpr::Constant(0))
    }
}

/// Whether `op`'s regions are affine scopes.
pub fn is_affine_scope_op(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    AFFINE_SCOPE_OPS.contains(&name(ctx, ir, op))
}

/// The region of `op`'s nearest ancestor that is not an `affine.for`,
/// `affine.if` or `affine.parallel` (MLIR's `getAffineAnalysisScope`):
/// dependences are only analysed between ops of one such region.
pub fn affine_analysis_scope(ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    while let Some(parent) = ir.parent_op(cur) {
        if !DOMAIN_OPS.contains(&name(ctx, ir, parent)) {
            return ir.op_block(cur).and_then(|b| ir.block_region(b));
        }
        cur = parent;
    }
    None
}

/// The `affine.for`, `affine.if` and `affine.parallel` ops around `op`
/// inside its affine scope, outermost first (MLIR's
/// `getEnclosingAffineOps`; other ops between them are passed over).
pub fn enclosing_affine_ops(ctx: &Context, ir: &Ir, op: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if is_affine_scope_op(ctx, ir, p) {
            break;
        }
        if DOMAIN_OPS.contains(&name(ctx, ir, p)) {
            ops.push(p);
        }
        cur = ir.parent_op(p);
    }
    ops.reverse();
    ops
}

/// The induction variables of the `affine.for` and `affine.parallel` ops
/// around `op` inside its affine scope, outermost first (MLIR's
/// `getAffineIVs`).
pub fn surrounding_ivs(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Value> {
    enclosing_affine_ops(ctx, ir, op)
        .into_iter()
        .filter(|&p| matches!(name(ctx, ir, p), "affine.for" | "affine.parallel"))
        .flat_map(|p| {
            let args = ir.entry_block_arguments(p, 0);
            if name(ctx, ir, p) == "affine.for" {
                args.into_iter().take(1).collect()
            } else {
                args
            }
        })
        .collect()
}

/// How many loop induction variables surround both `a` and `b` (MLIR's
/// `getNumCommonSurroundingLoops`; an `affine.parallel` counts once per
/// variable).
pub fn num_common_surrounding_loops(ctx: &Context, ir: &Ir, a: OpId, b: OpId) -> usize {
    let la = surrounding_ivs(ctx, ir, a);
    let lb = surrounding_ivs(ctx, ir, b);
    la.iter().zip(&lb).take_while(|(x, y)| x == y).count()
}

/// The blocks holding `op`, innermost first, up to and including the
/// block of an affine scope op's region.
fn ancestor_blocks(ctx: &Context, ir: &Ir, op: OpId) -> Vec<BlockId> {
    let mut blocks = Vec::new();
    let mut block = ir.op_block(op);
    while let Some(b) = block {
        blocks.push(b);
        match ir.block_parent_op(b) {
            Some(p) if !is_affine_scope_op(ctx, ir, p) => block = ir.op_block(p),
            _ => break,
        }
    }
    blocks
}

/// The innermost block holding both `a` and `b` inside their affine scope
/// (MLIR's `getCommonBlockInAffineScope`); `None` when they sit in
/// different blocks of the scope op.
pub fn common_block_in_affine_scope(ctx: &Context, ir: &Ir, a: OpId, b: OpId) -> Option<BlockId> {
    let ba = ancestor_blocks(ctx, ir, a);
    let bb = ancestor_blocks(ctx, ir, b);
    ba.iter()
        .rev()
        .zip(bb.iter().rev())
        .take_while(|(x, y)| x == y)
        .last()
        .map(|(x, _)| *x)
}

/// The ancestor of `op` (or `op`) whose block is `block`.
pub fn ancestor_in_block(ir: &Ir, block: BlockId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        if ir.op_block(cur) == Some(block) {
            return Some(cur);
        }
        cur = ir.parent_op(cur)?;
    }
}

/// Whether `a` comes before `b` in their block.
pub fn is_before_in_block(ir: &Ir, a: OpId, b: OpId) -> bool {
    let mut cur = ir.next_op(a);
    while let Some(x) = cur {
        if x == b {
            return true;
        }
        cur = ir.next_op(x);
    }
    false
}
