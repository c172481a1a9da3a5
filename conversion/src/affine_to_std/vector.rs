//! `affine.vector_load` and `affine.vector_store` become `vector.load` and
//! `vector.store` on the expanded subscripts (upstream's
//! `AffineVectorLoadLowering` and `AffineVectorStoreLowering`, added by
//! `populateAffineToVectorConversionPatterns`). As upstream builds them,
//! the new ops carry `nontemporal = false` and no alignment.
//!
//! In: the op being lowered. Out: its replacement built before it, or the
//! match failure of a subscript map that cannot be expanded.

use super::expand_subscripts;
use dialect_vector::{LoadOp, StoreOp};
use ir::OpId;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult};

/// `affine.vector_load` becomes `vector.load`.
pub(super) fn lower_vector_load(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let indices = expand_subscripts(rw, op, 1)?;
    let memref = rw.ir().operand(op, 0);
    let ty = rw.ir().value_type(rw.ir().result(op, 0));
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let load = LoadOp::build(b, loc, ty, memref, &indices, Some(false), None);
        b.ir.result(load.op(), 0)
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `affine.vector_store` becomes `vector.store`.
pub(super) fn lower_vector_store(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let indices = expand_subscripts(rw, op, 2)?;
    let (value, memref) = (rw.ir().operand(op, 0), rw.ir().operand(op, 1));
    let at = rw.insertion_point();
    rw.build(at, |b| {
        StoreOp::build(b, loc, value, memref, &indices, Some(false), None);
    });
    rw.erase_op(op);
    Ok(())
}
