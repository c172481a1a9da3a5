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
    AddIOp, BitcastOp, CmpIOp, CmpIPredicate, ConstantOp, ExtSIOp, ExtUIOp, IndexCastOp,
    IndexCastUIOp, IntegerOverflowFlags, MulIOp, SelectOp, SubIOp, XOrIOp,
};
use ir::builder::InsertPoint;
use ir::{AttrKind, Attribute, OpId, Type, Value};
use ods_runtime::fold::constant_value;
use ods_runtime::rewrite::{Pattern, Rewriter};
use ods_runtime::Op;

/// Every pattern of the dialect, in the order upstream registers them.
pub const CANONICALIZATION_PATTERNS: &[Pattern] = &[
    pattern("arith.addi", add_add_constant),
    pattern("arith.addi", add_sub_constant_rhs),
    pattern("arith.addi", add_sub_constant_lhs),
    pattern("arith.subi", sub_rhs_add_constant),
    pattern("arith.subi", sub_lhs_add_constant),
    pattern("arith.subi", sub_rhs_sub_constant_rhs),
    pattern("arith.subi", sub_rhs_sub_constant_lhs),
    pattern("arith.subi", sub_lhs_sub_constant_rhs),
    pattern("arith.subi", sub_lhs_sub_constant_lhs),
    pattern("arith.subi", sub_sub_lhs_rhs_lhs),
    pattern("arith.muli", mul_mul_constant),
    pattern("arith.xori", xor_not_cmpi),
    pattern("arith.cmpi", cmpi_of_exts),
    pattern("arith.select", select_not_cond),
    pattern("arith.select", redundant_select_true),
    pattern("arith.select", redundant_select_false),
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

fn operands2(rw: &Rewriter<'_>, op: OpId) -> (Value, Value) {
    (rw.ir.operand(op, 0), rw.ir.operand(op, 1))
}

/// The overflow flags of an `addi`/`subi`/`muli`.
fn overflow(rw: &Rewriter<'_>, op: OpId) -> IntegerOverflowFlags {
    let attr = ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, "overflowFlags");
    attr.map_or(IntegerOverflowFlags::NONE, |a| {
        super::IntegerOverflowFlagsAttr::value(rw.ctx, a)
    })
}

/// Which arith integer op a pattern builds.
#[derive(Clone, Copy)]
enum IntOp {
    Add,
    Sub,
    Mul,
}

/// Which side of an op its constant is on.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    /// `op(x, c)`
    Right,
    /// `op(c, x)`
    Left,
}

fn int_op_of(rw: &Rewriter<'_>, op: OpId) -> Option<IntOp> {
    match rw.ctx.str(rw.ir.op_name(op)) {
        "arith.addi" => Some(IntOp::Add),
        "arith.subi" => Some(IntOp::Sub),
        "arith.muli" => Some(IntOp::Mul),
        _ => None,
    }
}

fn build_int_op(
    b: &mut ir::builder::OpBuilder<'_>,
    kind: IntOp,
    loc: ir::Location,
    lhs: Value,
    rhs: Value,
    flags: IntegerOverflowFlags,
) -> OpId {
    match kind {
        IntOp::Add => AddIOp::build(b, loc, lhs, rhs, Some(flags)).op(),
        IntOp::Sub => SubIOp::build(b, loc, lhs, rhs, Some(flags)).op(),
        IntOp::Mul => MulIOp::build(b, loc, lhs, rhs, Some(flags)).op(),
    }
}

/// One constant re-association: `root(inner(..), c1)` or `root(c1,
/// inner(..))` with `inner` holding constant `c0` on `inner_side`, into
/// `new(x, c)` or `new(c, x)` with `c = combine(c0, c1)`.
struct Reassociate {
    root: IntOp,
    root_side: Side,
    inner: IntOp,
    inner_side: Side,
    new: IntOp,
    new_side: Side,
    combine: fn(u128, u128) -> u128,
    merge_flags: bool,
}

impl Reassociate {
    fn apply(&self, rw: &mut Rewriter<'_>, root: OpId) -> Option<()> {
        let (a, b) = operands2(rw, root);
        let (inner_v, c1_v) = match self.root_side {
            Side::Right => (a, b),
            Side::Left => (b, a),
        };
        let (c1_op, c1) = int_constant(rw, c1_v)?;
        let inner = rw.ir.defining_op(inner_v)?;
        if !matches!(int_op_of(rw, inner), Some(k) if k as u8 == self.inner as u8) {
            return None;
        }
        let (ia, ib) = operands2(rw, inner);
        let (x, c0_v) = match self.inner_side {
            Side::Right => (ia, ib),
            Side::Left => (ib, ia),
        };
        let (c0_op, c0) = int_constant(rw, c0_v)?;
        let ty: Type = rw.ir.value_type(rw.ir.result(root, 0));
        let width = super::fold::consts::int_width(rw.ctx, ty)?;
        if c0.width != width || c1.width != width {
            return None;
        }
        let value = ApInt::new(width, (self.combine)(c0.bits, c1.bits));
        let flags = if self.merge_flags {
            overflow(rw, inner) & overflow(rw, root)
        } else {
            IntegerOverflowFlags::NONE
        };
        // The first constant the source pattern meets, depth first.
        let first_constant = match self.root_side {
            Side::Left => c1_op,
            Side::Right => c0_op,
        };
        let loc = rw.fused_loc(&[root, first_constant]);
        let attr = int_attr(rw, ty, value);
        let kind = self.new;
        let side = self.new_side;
        let new = rw.build(InsertPoint::Before(root), |b| {
            let c = ConstantOp::build(b, loc, ty, attr);
            let c = b.ir.result(c.op(), 0);
            let (l, r) = match side {
                Side::Right => (x, c),
                Side::Left => (c, x),
            };
            build_int_op(b, kind, loc, l, r, flags)
        });
        let result = rw.ir.result(new, 0);
        rw.replace_op(root, &[result]);
        let _ = self.root;
        Some(())
    }
}

fn int_attr(rw: &mut Rewriter<'_>, ty: Type, v: ApInt) -> Attribute {
    let unsigned = matches!(
        rw.ctx.type_kind(ty),
        ir::TypeKind::Integer { signedness: ir::Signedness::Unsigned, .. }
    );
    let value = if unsigned { v.zext() as i128 } else { v.sext() };
    rw.ctx.integer_attr(ty, value)
}

fn add(a: u128, b: u128) -> u128 {
    a.wrapping_add(b)
}
fn sub(a: u128, b: u128) -> u128 {
    a.wrapping_sub(b)
}
/// `c1 - c0` (the combine functions take `c0, c1`).
fn rsub(a: u128, b: u128) -> u128 {
    b.wrapping_sub(a)
}
fn mul(a: u128, b: u128) -> u128 {
    a.wrapping_mul(b)
}

fn reassociate(rw: &mut Rewriter<'_>, root: OpId, r: Reassociate) -> bool {
    if int_op_of(rw, root).map(|k| k as u8) != Some(r.root as u8) {
        return false;
    }
    r.apply(rw, root).is_some()
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`.
fn add_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Add, root_side: Right, inner: Add, inner_side: Right, new: Add, new_side: Right, combine: add, merge_flags: true })
}

/// `addi(subi(x, c0), c1) -> addi(x, c1 - c0)`.
fn add_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Add, root_side: Right, inner: Sub, inner_side: Right, new: Add, new_side: Right, combine: rsub, merge_flags: true })
}

/// `addi(subi(c0, x), c1) -> subi(c0 + c1, x)`.
fn add_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Add, root_side: Right, inner: Sub, inner_side: Left, new: Sub, new_side: Left, combine: add, merge_flags: true })
}

/// `subi(addi(x, c0), c1) -> addi(x, c0 - c1)` (flags dropped).
fn sub_rhs_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Right, inner: Add, inner_side: Right, new: Add, new_side: Right, combine: sub, merge_flags: false })
}

/// `subi(c1, addi(x, c0)) -> subi(c1 - c0, x)`.
fn sub_lhs_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Left, inner: Add, inner_side: Right, new: Sub, new_side: Left, combine: rsub, merge_flags: true })
}

/// `subi(subi(x, c0), c1) -> subi(x, c0 + c1)`.
fn sub_rhs_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Right, inner: Sub, inner_side: Right, new: Sub, new_side: Right, combine: add, merge_flags: true })
}

/// `subi(subi(c0, x), c1) -> subi(c0 - c1, x)`.
fn sub_rhs_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Right, inner: Sub, inner_side: Left, new: Sub, new_side: Left, combine: sub, merge_flags: true })
}

/// `subi(c1, subi(x, c0)) -> subi(c0 + c1, x)`.
fn sub_lhs_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Left, inner: Sub, inner_side: Right, new: Sub, new_side: Left, combine: add, merge_flags: true })
}

/// `subi(c1, subi(c0, x)) -> addi(x, c1 - c0)`.
fn sub_lhs_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Sub, root_side: Left, inner: Sub, inner_side: Left, new: Add, new_side: Right, combine: rsub, merge_flags: true })
}

/// `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`.
fn mul_mul_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(rw, op, Reassociate { root: Mul, root_side: Right, inner: Mul, inner_side: Right, new: Mul, new_side: Right, combine: mul, merge_flags: true })
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

/// The predicate that holds exactly when `p` does not.
fn inverted(p: CmpIPredicate) -> CmpIPredicate {
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
    let new = rw.build(InsertPoint::Before(op), |bld| CmpIOp::build(bld, loc, ty, pred, a, b).op());
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
    let new = rw.build(InsertPoint::Before(op), |bld| CmpIOp::build(bld, loc, ty, pred, a, b).op());
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// Replaces `op` by `select(cond, t, f)` built with the fused location of
/// `matched`.
fn rebuild_select(rw: &mut Rewriter<'_>, op: OpId, matched: &[OpId], cond: Value, t: Value, f: Value) -> bool {
    let loc = rw.fused_loc(matched);
    let new = rw.build(InsertPoint::Before(op), |bld| SelectOp::build(bld, loc, cond, t, f).op());
    let result = rw.ir.result(new, 0);
    rw.replace_op(op, &[result]);
    true
}

/// `select(xori(c, -1), a, b) -> select(c, b, a)`.
fn select_not_cond(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let (cond, a, b) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1), rw.ir.operand(op, 2));
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
    let (cond, t, f) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1), rw.ir.operand(op, 2));
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
    let (cond, t, f) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1), rw.ir.operand(op, 2));
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
    cast_through::<ExtSIOp>(rw, op, |b, loc, ty, x| IndexCastOp::build(b, loc, ty, x).op())
}

/// `index_castui(extui(x)) -> index_castui(x)`.
fn index_castui_of_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<ExtUIOp>(rw, op, |b, loc, ty, x| IndexCastUIOp::build(b, loc, ty, x).op())
}

/// `bitcast(bitcast(x)) -> bitcast(x)`.
fn bitcast_of_bitcast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<BitcastOp>(rw, op, |b, loc, ty, x| BitcastOp::build(b, loc, ty, x).op())
}

/// `extsi(extui(x)) -> extui(x)`.
fn extsi_of_extui(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    cast_through::<ExtUIOp>(rw, op, |b, loc, ty, x| ExtUIOp::build(b, loc, ty, x).op())
}
