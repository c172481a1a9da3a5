//! The dialect's inliner hooks (upstream's `AffineInlinerInterface`):
//! affine ops may be inlined into an affine scope (a function's body) or
//! into `affine.for`, `affine.parallel` and `affine.if`; a body may be
//! inlined into those three when it is one block whose ops either have
//! no memory effect or are `affine.apply`, loads and stores whose map
//! operands stay valid dimensions and symbols there. Registered by the
//! dialect's own `initialize`.

use crate::validity::{is_valid_dim, is_valid_symbol, AFFINE_SCOPE_OPS, CONSTANT_OPS};
use ir::{Ir, OpId, RegionId, Value, ValueDef};
use ods_transforms::inliner::{interface, DialectInliner, InlineQuery, ValueMapping};

const AFFINE_REGION_OPS: &[&str] = &["affine.for", "affine.parallel", "affine.if"];

/// Registers the hooks with the registry the dialect is registered in.
pub(crate) fn register(reg: &mut ir::Registry) {
    interface::register(
        reg,
        "affine",
        DialectInliner {
            region_legal,
            op_legal,
            ..DialectInliner::NONE
        },
    );
}

fn parent_name<'c>(q: InlineQuery<'c>, region: RegionId) -> &'c str {
    q.ir.region_op(region)
        .map_or("", |op| q.ctx.str(q.ir.op_name(op)))
}

fn op_legal(q: InlineQuery<'_>, _: OpId, dest: RegionId, _: bool, _: &ValueMapping) -> bool {
    let parent = parent_name(q, dest);
    AFFINE_SCOPE_OPS.contains(&parent) || AFFINE_REGION_OPS.contains(&parent)
}

fn region_legal(
    q: InlineQuery<'_>,
    dest: RegionId,
    src: RegionId,
    _: bool,
    mapping: &ValueMapping,
) -> bool {
    if !AFFINE_REGION_OPS.contains(&parent_name(q, dest)) {
        return false;
    }
    let mut blocks = q.ir.region_blocks(src);
    let (Some(block), None) = (blocks.next(), blocks.next()) else {
        return false;
    };
    let effects = ods_transforms::side_effects::EffectQuery {
        ctx: q.ctx,
        registry: q.registry,
        ir: q.ir,
    };
    q.ir.block_ops(block).all(|op| {
        if effects.own_effects(op).is_some_and(|e| e.is_empty()) {
            return true;
        }
        let name = q.ctx.str(q.ir.op_name(op));
        let map_operands: Vec<Value> = match name {
            "affine.apply" => q.ir.operands(op).collect(),
            "affine.load" | "affine.vector_load" => q.ir.operands(op).skip(1).collect(),
            "affine.store" | "affine.vector_store" => q.ir.operands(op).skip(2).collect(),
            _ => return false,
        };
        let Some(map) = crate::map_of(q.ctx, q.ir, op, "map") else {
            return false;
        };
        let dims = map.num_dims as usize;
        if name == "affine.apply" {
            let as_dim = q.ir.num_results(op) == 1
                && is_valid_dim(q.ctx, q.ir, q.ir.result(op, 0), Some(src));
            return map_operands
                .iter()
                .all(|&v| stays_valid(q, v, src, dest, mapping, as_dim));
        }
        map_operands
            .iter()
            .enumerate()
            .all(|(i, &v)| stays_valid(q, v, src, dest, mapping, i < dims))
    })
}

/// Whether `value`, a valid dimension (`as_dim`) or symbol in `src`,
/// stays one once its user is inlined into `dest`: only values at the
/// top of `src` can change, an argument through what replaces it, an op
/// result only when a constant or a `dim` defines it.
fn stays_valid(
    q: InlineQuery<'_>,
    value: Value,
    src: RegionId,
    dest: RegionId,
    mapping: &ValueMapping,
    as_dim: bool,
) -> bool {
    if value_region(q.ir, value) != Some(src) {
        return true;
    }
    if matches!(q.ir.value_def(value), ValueDef::Argument { .. }) {
        let Some(&mapped) = mapping.get(&value) else {
            return false;
        };
        return if as_dim {
            is_valid_dim(q.ctx, q.ir, mapped, Some(dest))
        } else {
            is_valid_symbol(q.ctx, q.ir, mapped, Some(dest))
        };
    }
    q.ir.defining_op(value).is_some_and(|def| {
        let name = q.ctx.str(q.ir.op_name(def));
        CONSTANT_OPS.contains(&name) || matches!(name, "memref.dim" | "tensor.dim")
    })
}

fn value_region(ir: &Ir, value: Value) -> Option<RegionId> {
    ir.value_block(value).and_then(|b| ir.block_region(b))
}
