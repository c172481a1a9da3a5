//! Canonicalization patterns of the `arith` dialect (upstream's
//! `ArithCanonicalization.td`), as [`Pattern`]s for `--canonicalize`:
//! constants re-associated through `addi`/`subi`/`muli` chains, `not` of
//! a comparison, redundant and negated selects, chains of casts.
//!
//! In: an op the greedy driver visits. Out: the op rewritten through the
//! [`Rewriter`] (new ops before it, carrying the fused locations MLIR's
//! generated patterns give them), or no match.

use super::fold::consts::ApInt;
use super::{
    AndIOp, BitcastOp, CmpIOp, CmpIPredicate, ConstantOp, DivFOp, ExtSIOp, ExtUIOp,
    FastMathFlagsAttr, IndexCastOp, IndexCastUIOp, IntegerOverflowFlags, MulFOp, MulIOp, NegFOp,
    OrIOp, SIToFPOp, SelectOp, ShRSIOp, ShRUIOp, SubIOp, TruncIOp, UIToFPOp, XOrIOp,
};
use ir::builder::InsertPoint;
use ir::{AttrKind, OpId, Type, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::Op;
use ods_transforms::rewrite::{Pattern, Rewriter};
use reassociate::*;

mod reassociate;

/// Every pattern of the dialect, in the order upstream registers them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("arith.addi", add_add_constant),
    pattern("arith.addi", add_sub_constant_rhs),
    pattern("arith.addi", add_sub_constant_lhs),
    pattern("arith.addi", add_mul_negative_one_rhs),
    pattern("arith.addi", add_mul_negative_one_lhs),
    pattern("arith.addui_extended", addui_extended_to_addi),
    pattern("arith.subi", sub_rhs_add_constant),
    pattern("arith.subi", sub_lhs_add_constant),
    pattern("arith.subi", sub_rhs_sub_constant_rhs),
    pattern("arith.subi", sub_rhs_sub_constant_lhs),
    pattern("arith.subi", sub_lhs_sub_constant_rhs),
    pattern("arith.subi", sub_lhs_sub_constant_lhs),
    pattern("arith.subi", sub_sub_lhs_rhs_lhs),
    pattern("arith.muli", mul_mul_constant),
    pattern("arith.mulsi_extended", mul_extended_to_muli),
    pattern("arith.mului_extended", mul_extended_to_muli),
    pattern("arith.xori", xor_not_cmpi),
    pattern("arith.xori", logic_of_extui),
    pattern("arith.xori", logic_of_extsi),
    pattern("arith.andi", logic_of_extui),
    pattern("arith.andi", logic_of_extsi),
    pattern("arith.ori", logic_of_extui),
    pattern("arith.ori", logic_of_extsi),
    pattern("arith.trunci", trunci_of_ext),
    pattern("arith.trunci", trunci_of_shrsi),
    pattern("arith.truncf", truncf_of_int_to_float),
    pattern("arith.mulf", float_op_of_negfs),
    pattern("arith.divf", float_op_of_negfs),
    pattern("arith.cmpi", cmpi_of_exts),
    pattern("arith.select", redundant_select_false),
    pattern("arith.select", redundant_select_true),
    pattern("arith.select", select_not_cond),
    pattern("arith.select", select_i1_to_not),
    pattern("arith.select", select_to_extui),
    pattern("arith.index_cast", index_cast_of_index_cast),
    pattern("arith.index_cast", index_cast_of_extsi),
    pattern("arith.index_castui", index_castui_of_index_castui),
    pattern("arith.index_castui", index_castui_of_extui),
    pattern("arith.bitcast", bitcast_of_bitcast),
    pattern("arith.extsi", extsi_of_extui),
];

const fn pattern(root: &'static str, apply: fn(&mut Rewriter<'_>, OpId) -> bool) -> Pattern {
    Pattern {
        root,
        benefit: 1,
        apply,
    }
}

/// The op of kind `T` defining `v`.
fn def<T: Op>(rw: &Rewriter<'_>, v: Value) -> Option<T> {
    T::from_op(rw.ctx, rw.ir, rw.ir.defining_op(v)?)
}

/// A scalar integer constant `v` holds (DRR's `ConstantLikeMatcher
/// APIntAttr`): its defining op and value.
pub(super) fn int_constant(rw: &mut Rewriter<'_>, v: Value) -> Option<(OpId, ApInt)> {
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

pub(super) fn operands2(rw: &Rewriter<'_>, op: OpId) -> (Value, Value) {
    (rw.ir.operand(op, 0), rw.ir.operand(op, 1))
}

/// The overflow flags of an `addi`/`subi`/`muli`.
pub(super) fn overflow(rw: &Rewriter<'_>, op: OpId) -> IntegerOverflowFlags {
    let attr = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "overflowFlags");
    attr.map_or(IntegerOverflowFlags::NONE, |a| {
        super::IntegerOverflowFlagsAttr::value(rw.ctx, a)
    })
}

/// `subi(subi(a, b), a) -> subi(0, b)`.
fn sub_sub_lhs_rhs_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (inner_v, a) = operands2(rw, op);
    let Some(inner) = def::<SubIOp>(rw, inner_v) else {
        return false;
    };
    let (ia, b) = operands2(rw, inner.op());
    if ia != a {
        return false;
    }
    let ty = rw.ir.value_type(b);
    let Some(zero) = super::fold::consts::zero_attr(rw.ctx, ty) else {
        return false;
    };
    let flags = overflow(rw, inner.op()) & overflow(rw, op);
    let loc = rw.fused_loc(&[op, inner.op()]);
    let new = rw.build(InsertPoint::Before(op), |bld| {
        let c = ConstantOp::build(bld, loc, ty, zero);
        let c = bld.ir.result(c.op(), 0);
        SubIOp::build(bld, loc, c, b, Some(flags)).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
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

/// `xori(cmpi(p, a, b), true) -> cmpi(!p, a, b)`.
fn xor_not_cmpi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (lhs, rhs) = operands2(rw, op);
    let Some(cmp) = def::<CmpIOp>(rw, lhs) else {
        return false;
    };
    match int_constant(rw, rhs) {
        Some((_, c)) if c.width == 1 && c.bits == 1 => {}
        _ => return false,
    }
    let pred = inverted(cmp.predicate(rw.ctx, rw.ir));
    let (a, b) = operands2(rw, cmp.op());
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.fused_loc(&[op, cmp.op()]);
    let new = rw.build(InsertPoint::Before(op), |bld| {
        CmpIOp::build(bld, loc, ty, pred, a, b).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b)` for two `extsi` or
/// two `extui` of the same type.
fn cmpi_of_exts(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(cmp) = CmpIOp::from_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    let pred = cmp.predicate(rw.ctx, rw.ir);
    if !matches!(pred, CmpIPredicate::Eq | CmpIPredicate::Ne) {
        return false;
    }
    let (l, r) = operands2(rw, op);
    let exts = match (def::<ExtSIOp>(rw, l), def::<ExtSIOp>(rw, r)) {
        (Some(a), Some(b)) => Some((a.op(), b.op())),
        _ => match (def::<ExtUIOp>(rw, l), def::<ExtUIOp>(rw, r)) {
            (Some(a), Some(b)) => Some((a.op(), b.op())),
            _ => None,
        },
    };
    let Some((ea, eb)) = exts else {
        return false;
    };
    let (a, b) = (rw.ir.operand(ea, 0), rw.ir.operand(eb, 0));
    if rw.ir.value_type(a) != rw.ir.value_type(b) {
        return false;
    }
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.fused_loc(&[op, ea, eb]);
    let new = rw.build(InsertPoint::Before(op), |bld| {
        CmpIOp::build(bld, loc, ty, pred, a, b).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// Replaces `op` by `select(cond, t, f)` built with the fused location of
/// `matched`.
fn rebuild_select(
    rw: &mut Rewriter<'_>,
    op: OpId,
    matched: &[OpId],
    cond: Value,
    t: Value,
    f: Value,
) -> bool {
    let loc = rw.fused_loc(matched);
    let new = rw.build(InsertPoint::Before(op), |bld| {
        SelectOp::build(bld, loc, cond, t, f).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `select(xori(c, -1), a, b) -> select(c, b, a)`.
fn select_not_cond(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (cond, a, b) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let Some(xor) = def::<XOrIOp>(rw, cond) else {
        return false;
    };
    let (pred, ones) = operands2(rw, xor.op());
    let Some((ones_op, c)) = int_constant(rw, ones) else {
        return false;
    };
    if !c.is_all_ones() {
        return false;
    }
    rebuild_select(rw, op, &[op, ones_op], pred, b, a)
}

/// `select(c, select(c, a, b), d) -> select(c, a, d)`.
fn redundant_select_true(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (cond, t, f) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let Some(inner) = def::<SelectOp>(rw, t) else {
        return false;
    };
    if rw.ir.operand(inner.op(), 0) != cond {
        return false;
    }
    let a = rw.ir.operand(inner.op(), 1);
    rebuild_select(rw, op, &[op, inner.op()], cond, a, f)
}

/// `select(c, a, select(c, b, d)) -> select(c, a, d)`.
fn redundant_select_false(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (cond, t, f) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let Some(inner) = def::<SelectOp>(rw, f) else {
        return false;
    };
    if rw.ir.operand(inner.op(), 0) != cond {
        return false;
    }
    let d = rw.ir.operand(inner.op(), 2);
    rebuild_select(rw, op, &[op, inner.op()], cond, t, d)
}

/// `cast(cast(x)) -> x` when `x` has the result's type.
fn cast_of_same_cast<T: Op>(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(inner) = def::<T>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let x = rw.ir.operand(inner.op(), 0);
    if rw.ir.value_type(x) != rw.ir.value_type(rw.ir.result(op, 0)) {
        return false;
    }
    rw.replace_op(op, &[x]);
    true
}

fn index_cast_of_index_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_of_same_cast::<IndexCastOp>(rw, op)
}

fn index_castui_of_index_castui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_of_same_cast::<IndexCastUIOp>(rw, op)
}

/// `outer(inner(x)) -> new(x)` with the result type of `outer`, for the
/// cast chains: `build` makes `new`.
fn cast_through<T: Op>(
    rw: &mut Rewriter<'_>,
    op: OpId,
    build: fn(&mut ir::builder::OpBuilder<'_>, ir::Location, Type, Value) -> OpId,
) -> bool {
    let Some(inner) = def::<T>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let x = rw.ir.operand(inner.op(), 0);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.fused_loc(&[op, inner.op()]);
    let new = rw.build(InsertPoint::Before(op), |bld| build(bld, loc, ty, x));
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `index_cast(extsi(x)) -> index_cast(x)`.
fn index_cast_of_extsi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<ExtSIOp>(rw, op, |b, loc, ty, x| {
        IndexCastOp::build(b, loc, ty, x).op()
    })
}

/// `index_castui(extui(x)) -> index_castui(x)`.
fn index_castui_of_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<ExtUIOp>(rw, op, |b, loc, ty, x| {
        IndexCastUIOp::build(b, loc, ty, x).op()
    })
}

/// `bitcast(bitcast(x)) -> bitcast(x)`.
fn bitcast_of_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<BitcastOp>(rw, op, |b, loc, ty, x| BitcastOp::build(b, loc, ty, x).op())
}

/// `extsi(extui(x)) -> extui(x)`.
fn extsi_of_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<ExtUIOp>(rw, op, |b, loc, ty, x| ExtUIOp::build(b, loc, ty, x).op())
}

/// `addi(x, muli(y, -1)) -> subi(x, y)` (flags dropped).
fn add_mul_negative_one_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    add_mul_negative_one(rw, op, true)
}

/// `addi(muli(x, -1), y) -> subi(y, x)` (flags dropped).
fn add_mul_negative_one_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    add_mul_negative_one(rw, op, false)
}

fn add_mul_negative_one(rw: &mut Rewriter<'_>, op: OpId, mul_on_right: bool) -> bool {
    let (l, r) = operands2(rw, op);
    let (other, mul_v) = if mul_on_right { (l, r) } else { (r, l) };
    let Some(mul) = def::<MulIOp>(rw, mul_v) else {
        return false;
    };
    let (y, c_v) = operands2(rw, mul.op());
    let Some(c_op) = rw.ir.defining_op(c_v) else {
        return false;
    };
    // A scalar or a splat of -1.
    let c = constant_value(rw.ctx, rw.registry, rw.ir, c_v);
    if !super::fold::consts::splat_int(rw.ctx, c).is_some_and(ApInt::is_all_ones) {
        return false;
    }
    let loc = rw.fused_loc(&[op, c_op]);
    let flags = IntegerOverflowFlags::NONE;
    let new = rw.build(InsertPoint::Before(op), |b| {
        SubIOp::build(b, loc, other, y, Some(flags)).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `addui_extended(x, y) -> addi(x, y), x` when the overflow is unused.
fn addui_extended_to_addi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    extended_to_plain(rw, op, IntOp::Add)
}

/// `mulsi_extended(x, y)` / `mului_extended(x, y) -> muli(x, y), x` when
/// the high half is unused.
fn mul_extended_to_muli(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    extended_to_plain(rw, op, IntOp::Mul)
}

fn extended_to_plain(rw: &mut Rewriter<'_>, op: OpId, kind: IntOp) -> bool {
    if rw.ir.has_uses(rw.ir.result(op, 1)) {
        return false;
    }
    let (x, y) = operands2(rw, op);
    let loc = rw.fused_loc(&[op]);
    let flags = IntegerOverflowFlags::NONE;
    let new = rw.build(InsertPoint::Before(op), |b| {
        build_int_op(b, kind, loc, x, y, flags)
    });
    let result = rw.ir.result(new, 0);
    // The unused second result: any value will do, as upstream's `x`.
    rw.replace_op(op, &[result, x]);
    true
}

/// `op(ext(x), ext(y)) -> ext(op(x, y))` for `andi`/`ori`/`xori` of two
/// extensions `E` of the same type.
fn logic_of_ext<E: Op>(
    rw: &mut Rewriter<'_>,
    op: OpId,
    build_ext: fn(&mut ir::builder::OpBuilder<'_>, ir::Location, Type, Value) -> OpId,
) -> bool {
    let (l, r) = operands2(rw, op);
    let (Some(el), Some(er)) = (def::<E>(rw, l), def::<E>(rw, r)) else {
        return false;
    };
    let (x, y) = (rw.ir.operand(el.op(), 0), rw.ir.operand(er.op(), 0));
    if rw.ir.value_type(x) != rw.ir.value_type(y) {
        return false;
    }
    let name = rw.ctx.str(rw.ir.op_name(op)).to_string();
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.fused_loc(&[op, el.op(), er.op()]);
    let new = rw.build(InsertPoint::Before(op), |b| {
        let inner = match name.as_str() {
            "arith.andi" => AndIOp::build(b, loc, x, y).op(),
            "arith.ori" => OrIOp::build(b, loc, x, y).op(),
            _ => XOrIOp::build(b, loc, x, y).op(),
        };
        let v = b.ir.result(inner, 0);
        build_ext(b, loc, ty, v)
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `andi/ori/xori(extui(x), extui(y)) -> extui(andi/ori/xori(x, y))`.
fn logic_of_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    logic_of_ext::<ExtUIOp>(rw, op, |b, loc, ty, x| ExtUIOp::build(b, loc, ty, x).op())
}

/// `andi/ori/xori(extsi(x), extsi(y)) -> extsi(andi/ori/xori(x, y))`.
fn logic_of_extsi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    logic_of_ext::<ExtSIOp>(rw, op, |b, loc, ty, x| ExtSIOp::build(b, loc, ty, x).op())
}

/// `select(c, false, true) -> xori(c, true)` on `i1`.
fn select_i1_to_not(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (cond, t, f) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let is_bool = |rw: &mut Rewriter<'_>, v: Value, want: u128| matches!(int_constant(rw, v), Some((_, c)) if c.width == 1 && c.bits == want);
    if !is_bool(rw, t, 0) || !is_bool(rw, f, 1) {
        return false;
    }
    let loc = rw.fused_loc(&[op]);
    let i1 = rw.ctx.int_type(1);
    let one = rw.ctx.bool_attr(true);
    let new = rw.build(InsertPoint::Before(op), |b| {
        let c = ConstantOp::build(b, loc, i1, one);
        let c = b.ir.result(c.op(), 0);
        XOrIOp::build(b, loc, cond, c).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// The bit width of a scalar or the elements of a shaped type.
fn elem_width(rw: &Rewriter<'_>, ty: Type) -> Option<u32> {
    let elem = super::fold::consts::element_type_or_self(rw.ctx, ty);
    super::fold::consts::int_width(rw.ctx, elem)
}

/// `trunci(ext(x)) -> ext(x)` to the truncated type, when the truncation
/// only drops extension bits (`x` narrower than the result, the result
/// narrower than the extension).
fn trunci_of_ext(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let input = rw.ir.operand(op, 0);
    let (ext, signed) = match (def::<ExtSIOp>(rw, input), def::<ExtUIOp>(rw, input)) {
        (Some(e), _) => (e.op(), true),
        (_, Some(e)) => (e.op(), false),
        _ => return false,
    };
    let x = rw.ir.operand(ext, 0);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let widths = (
        elem_width(rw, rw.ir.value_type(input)),
        elem_width(rw, ty),
        elem_width(rw, rw.ir.value_type(x)),
    );
    let (Some(we), Some(wt), Some(wx)) = widths else {
        return false;
    };
    if !(we > wt && wt > wx && wx > 0) {
        return false;
    }
    let loc = rw.fused_loc(&[op, ext]);
    let new = rw.build(InsertPoint::Before(op), |b| {
        if signed {
            ExtSIOp::build(b, loc, ty, x).op()
        } else {
            ExtUIOp::build(b, loc, ty, x).op()
        }
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `select(c, 1, 0) -> extui(c)` and `select(c, 0, 1) -> extui(xori(c,
/// true))` for integer results wider than `i1` (upstream's C++
/// `SelectToExtUI`: the new ops take the select's location).
fn select_to_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
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

/// `trunci(shrsi(x, c)) -> trunci(shrui(x, c))` when `c` is the number of
/// bits the truncation drops (the shifted-in bits are dropped anyway).
fn trunci_of_shrsi(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let Some(shift) = def::<ShRSIOp>(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let (x, c_v) = operands2(rw, shift.op());
    let Some(c_op) = rw.ir.defining_op(c_v) else {
        return false;
    };
    let Some(c_attr) = constant_value(rw.ctx, rw.registry, rw.ir, c_v) else {
        return false;
    };
    let Some(amount) = super::fold::consts::splat_int(rw.ctx, Some(c_attr)) else {
        return false;
    };
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let (Some(wx), Some(wt)) = (elem_width(rw, rw.ir.value_type(x)), elem_width(rw, ty)) else {
        return false;
    };
    if u128::from(wx - wt.min(wx)) != amount.zext() {
        return false;
    }
    let flags = overflow(rw, op);
    let c_ty = rw.ir.value_type(c_v);
    let loc = rw.fused_loc(&[op, c_op]);
    let new = rw.build(InsertPoint::Before(op), |b| {
        let c = ConstantOp::build(b, loc, c_ty, c_attr);
        let c = b.ir.result(c.op(), 0);
        let shr = ShRUIOp::build(b, loc, x, c, false);
        let shr = b.ir.result(shr.op(), 0);
        TruncIOp::build(b, loc, ty, shr, Some(flags)).op()
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `truncf(sitofp(x)) -> sitofp(x)` and `truncf(uitofp(x)) -> uitofp(x)`
/// to the narrower type, when the `truncf` has no rounding mode.
fn truncf_of_int_to_float(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "roundingmode").is_some() {
        return false;
    }
    let input = rw.ir.operand(op, 0);
    let (conv, signed) = match (def::<SIToFPOp>(rw, input), def::<UIToFPOp>(rw, input)) {
        (Some(c), _) => (c.op(), true),
        (_, Some(c)) => (c.op(), false),
        _ => return false,
    };
    let x = rw.ir.operand(conv, 0);
    let ty = rw.ir.value_type(rw.ir.result(op, 0));
    let loc = rw.fused_loc(&[op, conv]);
    let new = rw.build(InsertPoint::Before(op), |b| {
        if signed {
            SIToFPOp::build(b, loc, ty, x).op()
        } else {
            UIToFPOp::build(b, loc, ty, x).op()
        }
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `mulf(negf(x), negf(y)) -> mulf(x, y)` and the same for `divf`, keeping
/// the root's fast-math flags.
fn float_op_of_negfs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (l, r) = operands2(rw, op);
    let (Some(nl), Some(nr)) = (def::<NegFOp>(rw, l), def::<NegFOp>(rw, r)) else {
        return false;
    };
    let (x, y) = (rw.ir.operand(nl.op(), 0), rw.ir.operand(nr.op(), 0));
    if rw.ir.value_type(x) != rw.ir.value_type(y) {
        return false;
    }
    let fastmath = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "fastmath")
        .map(|a| FastMathFlagsAttr::value(rw.ctx, a));
    let is_mul = MulFOp::from_op(rw.ctx, rw.ir, op).is_some();
    let loc = rw.fused_loc(&[op, nl.op(), nr.op()]);
    let new = rw.build(InsertPoint::Before(op), |b| {
        if is_mul {
            MulFOp::build(b, loc, x, y, fastmath).op()
        } else {
            DivFOp::build(b, loc, x, y, fastmath).op()
        }
    });
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}
