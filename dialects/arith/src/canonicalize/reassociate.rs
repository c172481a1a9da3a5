//! The constant re-association patterns of `arith`: a constant operand of
//! an `addi`/`subi`/`muli` whose other operand is such an op with a
//! constant is combined with that one (`addi(addi(x, c0), c1) ->
//! addi(x, c0 + c1)` and its nine siblings).
//!
//! In: the root op. Out: the new constant and op, replacing the root.

use super::{int_constant, operands2, overflow};
use crate::fold::consts::ApInt;
use crate::{AddIOp, ConstantOp, IntegerOverflowFlags, MulIOp, SubIOp};
use ir::builder::InsertPoint;
use ir::{Attribute, OpId, Type, Value};
use ods_runtime::Op;
use ods_transforms::rewrite::Rewriter;

/// Which arith integer op a pattern builds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum IntOp {
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

pub(super) fn build_int_op(
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
        if int_op_of(rw, inner) != Some(self.inner) {
            return None;
        }
        let (ia, ib) = operands2(rw, inner);
        let (x, c0_v) = match self.inner_side {
            Side::Right => (ia, ib),
            Side::Left => (ib, ia),
        };
        let (c0_op, c0) = int_constant(rw, c0_v)?;
        let ty: Type = rw.ir.value_type(rw.ir.result(root, 0));
        let width = crate::fold::consts::int_width(rw.ctx, ty)?;
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
        Some(())
    }
}

fn int_attr(rw: &mut Rewriter<'_>, ty: Type, v: ApInt) -> Attribute {
    let unsigned = matches!(
        rw.ctx.type_kind(ty),
        ir::TypeKind::Integer {
            signedness: ir::Signedness::Unsigned,
            ..
        }
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
    if int_op_of(rw, root) != Some(r.root) {
        return false;
    }
    r.apply(rw, root).is_some()
}

/// `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`.
pub(super) fn add_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Add,
            root_side: Right,
            inner: Add,
            inner_side: Right,
            new: Add,
            new_side: Right,
            combine: add,
            merge_flags: true,
        },
    )
}

/// `addi(subi(x, c0), c1) -> addi(x, c1 - c0)`.
pub(super) fn add_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Add,
            root_side: Right,
            inner: Sub,
            inner_side: Right,
            new: Add,
            new_side: Right,
            combine: rsub,
            merge_flags: true,
        },
    )
}

/// `addi(subi(c0, x), c1) -> subi(c0 + c1, x)`.
pub(super) fn add_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Add,
            root_side: Right,
            inner: Sub,
            inner_side: Left,
            new: Sub,
            new_side: Left,
            combine: add,
            merge_flags: true,
        },
    )
}

/// `subi(addi(x, c0), c1) -> addi(x, c0 - c1)` (flags dropped).
pub(super) fn sub_rhs_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Right,
            inner: Add,
            inner_side: Right,
            new: Add,
            new_side: Right,
            combine: sub,
            merge_flags: false,
        },
    )
}

/// `subi(c1, addi(x, c0)) -> subi(c1 - c0, x)`.
pub(super) fn sub_lhs_add_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Left,
            inner: Add,
            inner_side: Right,
            new: Sub,
            new_side: Left,
            combine: rsub,
            merge_flags: true,
        },
    )
}

/// `subi(subi(x, c0), c1) -> subi(x, c0 + c1)`.
pub(super) fn sub_rhs_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Right,
            inner: Sub,
            inner_side: Right,
            new: Sub,
            new_side: Right,
            combine: add,
            merge_flags: true,
        },
    )
}

/// `subi(subi(c0, x), c1) -> subi(c0 - c1, x)`.
pub(super) fn sub_rhs_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Right,
            inner: Sub,
            inner_side: Left,
            new: Sub,
            new_side: Left,
            combine: sub,
            merge_flags: true,
        },
    )
}

/// `subi(c1, subi(x, c0)) -> subi(c0 + c1, x)`.
pub(super) fn sub_lhs_sub_constant_rhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Left,
            inner: Sub,
            inner_side: Right,
            new: Sub,
            new_side: Left,
            combine: add,
            merge_flags: true,
        },
    )
}

/// `subi(c1, subi(c0, x)) -> addi(x, c1 - c0)`.
pub(super) fn sub_lhs_sub_constant_lhs(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Sub,
            root_side: Left,
            inner: Sub,
            inner_side: Left,
            new: Add,
            new_side: Right,
            combine: rsub,
            merge_flags: true,
        },
    )
}

/// `muli(muli(x, c0), c1) -> muli(x, c0 * c1)`.
pub(super) fn mul_mul_constant(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    use {IntOp::*, Side::*};
    reassociate(
        rw,
        op,
        Reassociate {
            root: Mul,
            root_side: Right,
            inner: Mul,
            inner_side: Right,
            new: Mul,
            new_side: Right,
            combine: mul,
            merge_flags: true,
        },
    )
}
