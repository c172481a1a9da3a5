//! Canonicalization patterns of the `arith` dialect: those upstream
//! writes as declarative rewrite rules are generated from
//! `ods/ArithCanonicalization.ods` (a port of upstream's
//! `ArithCanonicalization.td`, its code snippets in Rust in [`native`]);
//! the one upstream writes in C++ (`SelectToExtUI`) is here, named in the
//! spec (`RustPattern`). Each op's patterns are registered by its
//! `hasCanonicalizer = 1`, in the order upstream's
//! `getCanonicalizationPatterns` adds them, which decides between patterns
//! of equal benefit.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`], or no match.

use super::fold::consts::ApInt;
use super::{CmpIPredicate, ConstantOp, ExtUIOp, XOrIOp};
use ir::builder::InsertPoint;
use ir::{AttrKind, OpId, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::Op;
use ods_transforms::rewrite::Rewriter;

pub mod native;

/// The patterns generated from `ods/ArithCanonicalization.ods`, each op's
/// registered by its `hasCanonicalizer = 1` (the spec's
/// `CanonicalizationPatterns` lists give upstream's order). Its list and
/// `populate_` function go unused.
#[allow(dead_code)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/arith_canonicalization.rs"));
}

/// A scalar integer constant `v` holds (DRR's `ConstantLikeMatcher
/// APIntAttr`): its defining op and value.
fn int_constant(rw: &mut Rewriter<'_>, v: Value) -> Option<(OpId, ApInt)> {
    let op = rw.ir.defining_op(v)?;
    let attr = constant_value(rw.ctx, rw.registry, rw.ir, v)?;
    match rw.ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => {
            let width = super::fold::consts::int_width(rw.ctx, *ty)?;
            let bits = match value {
                ir::attributes::IntValue::Small(v) => *v as u128,
                ir::attributes::IntValue::Big(_) => return None,
            };
            Some((op, ApInt::new(width, bits)))
        }
        _ => None,
    }
}

/// The predicate that holds exactly when `p` does not (MLIR's
/// `arith::invertPredicate`).
pub fn inverted(p: CmpIPredicate) -> CmpIPredicate {
    use CmpIPredicate::*;
    match p {
        Eq => Ne,
        Ne => Eq,
        Slt => Sge,
        Sge => Slt,
        Sle => Sgt,
        Sgt => Sle,
        Ult => Uge,
        Uge => Ult,
        Ule => Ugt,
        Ugt => Ule,
    }
}

/// `select(c, 1, 0) -> extui(c)` and `select(c, 0, 1) -> extui(xori(c,
/// true))` for integer results wider than `i1` (upstream's C++
/// `SelectToExtUI`: the new ops take the select's location).
pub(crate) fn select_to_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    match rw.ctx.type_kind(ty) {
        ir::TypeKind::Integer { width, .. } if *width != 1 => {}
        _ => return false,
    }
    let (cond, t, f) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let value = |rw: &mut Rewriter<'_>, v: Value| int_constant(rw, v).map(|(_, c)| c.bits);
    let negate = match (value(rw, t), value(rw, f)) {
        (Some(1), Some(0)) => false,
        (Some(0), Some(1)) => true,
        _ => return false,
    };
    let loc = rw.ir.op_loc(op);
    let i1 = rw.ir.value_type(cond);
    let one = rw.ctx.bool_attr(true);
    let new = rw.build(InsertPoint::Before(op), |b| {
        let input = if negate {
            let c = ConstantOp::build(b, loc, i1, one);
            let c = b.ir.result(c.op(), 0);
            let not = XOrIOp::build(b, loc, cond, c);
            b.ir.result(not.op(), 0)
        } else {
            cond
        };
        ExtUIOp::build(b, loc, ty, input).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}
