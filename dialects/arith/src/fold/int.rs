//! Folds of arith's integer ops: constant folding with `APInt` semantics
//! (wrapping arithmetic; division by zero and signed overflow of
//! divisions do not fold; shifts by the width or more do not fold) and
//! the identities upstream's folds know (`x + 0`, `x * 1`, `x - x`, the
//! and/or/xor identities, min/max against the extreme values, ...).

use super::consts::{binary, is_one, is_zero, splat_int, zero_attr, ApInt, Scalar};
use super::{attr, def, value};
use crate::{
    AddIOp, AddUIExtendedOp, AndIOp, CeilDivSIOp, CeilDivUIOp, DivSIOp, DivUIOp, FloorDivSIOp,
    MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MulIOp, MulSIExtendedOp, MulUIExtendedOp, OrIOp, RemSIOp,
    RemUIOp, ShLIOp, ShRSIOp, ShRUIOp, SubIOp, XOrIOp,
};
use ir::{Attribute, Context, Ir, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

type Operands<'a> = &'a [Option<Attribute>];

/// Constant-folds two integer operands with `f` (which gives `None` where
/// the op must not fold).
fn fold_ints(
    ctx: &mut Context,
    operands: Operands<'_>,
    f: impl Fn(ApInt, ApInt) -> Option<ApInt>,
) -> Option<Attribute> {
    binary(ctx, operands, None, |a, b| {
        Some(Scalar::Int(f(a.int()?, b.int()?)?))
    })
}

fn op2(ir: &Ir, op: impl Op) -> (Value, Value) {
    (ir.operand(op.op(), 0), ir.operand(op.op(), 1))
}

fn result_type(ir: &Ir, op: impl Op) -> ir::Type {
    ir.value_type(ir.result(op.op(), 0))
}

fn wrap(a: ApInt, bits: u128) -> ApInt {
    ApInt::new(a.width, bits)
}

impl AddIOp {
    /// `addi(x, 0) = x`, `addi(subi(a, b), b) = a`, `addi(b, subi(a, b)) =
    /// a`, constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if is_zero(ctx, operands[1]) {
            return value(lhs);
        }
        if let Some(sub) = def::<SubIOp>(ctx, ir, lhs) {
            if rhs == ir.operand(sub.op(), 1) {
                return value(ir.operand(sub.op(), 0));
            }
        }
        if let Some(sub) = def::<SubIOp>(ctx, ir, rhs) {
            if lhs == ir.operand(sub.op(), 1) {
                return value(ir.operand(sub.op(), 0));
            }
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits.wrapping_add(b.bits)))
        }))
    }
}

impl SubIOp {
    /// `subi(x, x) = 0`, `subi(x, 0) = x`, `subi(addi(a, b), b) = a`,
    /// `subi(addi(a, b), a) = b`, constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if lhs == rhs {
            let ty = result_type(ir, self);
            if let Some(zero) = zero_attr(ctx, ty) {
                return attr(Some(zero));
            }
        }
        if is_zero(ctx, operands[1]) {
            return value(lhs);
        }
        if let Some(add) = def::<AddIOp>(ctx, ir, lhs) {
            let (a, b) = op2(ir, add);
            if rhs == b {
                return value(a);
            }
            if rhs == a {
                return value(b);
            }
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits.wrapping_sub(b.bits)))
        }))
    }
}

impl MulIOp {
    /// `muli(x, 0) = 0`, `muli(x, 1) = x`, constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if is_zero(ctx, operands[1]) {
            return value(rhs);
        }
        if is_one(ctx, operands[1]) {
            return value(lhs);
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits.wrapping_mul(b.bits)))
        }))
    }
}

impl AddUIExtendedOp {
    /// `addui_extended(x, 0) = x, false`; constants give the sum and
    /// whether it wrapped.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<Vec<OpFoldResult>> {
        let (lhs, _) = op2(ir, self);
        let overflow_ty = ir.value_type(ir.result(self.op(), 1));
        if is_zero(ctx, operands[1]) {
            let f = zero_attr(ctx, overflow_ty)?;
            return Some(vec![lhs.into(), f.into()]);
        }
        let sum = fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits.wrapping_add(b.bits)))
        })?;
        let carry = binary(ctx, &[Some(sum), operands[0]], Some(overflow_ty), |s, a| {
            Some(Scalar::Int(ApInt::new(
                1,
                (s.int()?.bits < a.int()?.bits) as u128,
            )))
        })?;
        Some(vec![sum.into(), carry.into()])
    }
}

/// The high half of the `2w`-bit product of `a` and `b`.
fn mul_high(a: ApInt, b: ApInt, signed: bool) -> Option<ApInt> {
    let w = a.width;
    if w > 64 {
        // Needs 256-bit products: not folded.
        return None;
    }
    let bits = if signed {
        ((a.sext() * b.sext()) >> w) as u128
    } else {
        (a.zext() * b.zext()) >> w
    };
    Some(wrap(a, bits))
}

fn fold_mul_extended(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    signed: bool,
) -> Option<Vec<OpFoldResult>> {
    let (lhs, _) = op2(ir, op);
    if is_zero(ctx, operands[1]) {
        let zero = operands[1]?;
        return Some(vec![zero.into(), zero.into()]);
    }
    if !signed && is_one(ctx, operands[1]) {
        let ty = ir.value_type(lhs);
        let zero = zero_attr(ctx, ty)?;
        return Some(vec![lhs.into(), zero.into()]);
    }
    let low = fold_ints(ctx, operands, |a, b| {
        Some(wrap(a, a.bits.wrapping_mul(b.bits)))
    })?;
    let high = fold_ints(ctx, operands, |a, b| mul_high(a, b, signed))?;
    Some(vec![low.into(), high.into()])
}

impl MulSIExtendedOp {
    /// `mulsi_extended(x, 0) = 0, 0`; constants give the low and high
    /// halves of the signed product.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<Vec<OpFoldResult>> {
        fold_mul_extended(ctx, ir, self, operands, true)
    }
}

impl MulUIExtendedOp {
    /// `mului_extended(x, 0) = 0, 0`, `mului_extended(x, 1) = x, 0`;
    /// constants give the halves of the unsigned product.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<Vec<OpFoldResult>> {
        fold_mul_extended(ctx, ir, self, operands, false)
    }
}

/// Signed division `a / b` truncating, `None` on division by zero or
/// overflow (`MIN / -1`).
fn sdiv(a: ApInt, b: ApInt) -> Option<ApInt> {
    if b.is_zero() || a.is_min_signed() && b.is_all_ones() {
        return None;
    }
    Some(wrap(a, (a.sext() / b.sext()) as u128))
}

/// `divsi`-like folds share `x / 1 = x`.
fn div_like(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    f: impl Fn(ApInt, ApInt) -> Option<ApInt>,
) -> Option<OpFoldResult> {
    if is_one(ctx, operands[1]) {
        return value(ir.operand(op.op(), 0));
    }
    attr(fold_ints(ctx, operands, f))
}

impl DivUIOp {
    /// `divui(x, 1) = x`; constants, except division by zero.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        div_like(ctx, ir, self, operands, |a, b| {
            (!b.is_zero()).then(|| wrap(a, a.zext() / b.zext()))
        })
    }
}

impl DivSIOp {
    /// `divsi(x, 1) = x`; constants, except division by zero and overflow.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        div_like(ctx, ir, self, operands, sdiv)
    }
}

impl CeilDivUIOp {
    /// `ceildivui(x, 1) = x`; constants, except division by zero.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        div_like(ctx, ir, self, operands, |a, b| {
            if b.is_zero() {
                return None;
            }
            let q = a.zext() / b.zext();
            let up = (a.zext() % b.zext() != 0) as u128;
            Some(wrap(a, q.wrapping_add(up)))
        })
    }
}

/// Signed subtraction, `None` on overflow.
fn ssub(a: ApInt, b: ApInt) -> Option<ApInt> {
    let r = wrap(a, a.bits.wrapping_sub(b.bits));
    (r.sext() == a.sext() - b.sext()).then_some(r)
}

/// Signed addition, `None` on overflow.
fn sadd(a: ApInt, b: ApInt) -> Option<ApInt> {
    let r = wrap(a, a.bits.wrapping_add(b.bits));
    (r.sext() == a.sext() + b.sext()).then_some(r)
}

/// `ceil(a / b)` for `a, b > 0`, as `(a - 1) / b + 1`.
fn ceil_nonneg(a: ApInt, b: ApInt) -> Option<ApInt> {
    let one = ApInt::new(a.width, 1);
    sadd(sdiv(ssub(a, one)?, b)?, one)
}

/// Signed ceiling division, `None` on division by zero or when a step
/// overflows (as upstream's fold).
fn ceil_div_si(a: ApInt, b: ApInt) -> Option<ApInt> {
    if b.is_zero() {
        return None;
    }
    if a.is_zero() {
        return Some(a);
    }
    let zero = ApInt::new(a.width, 0);
    let (a_pos, b_pos) = (a.sext() > 0, b.sext() > 0);
    match (a_pos, b_pos) {
        (true, true) => ceil_nonneg(a, b),
        (false, false) => ceil_nonneg(ssub(zero, a)?, ssub(zero, b)?),
        (false, true) => ssub(zero, sdiv(ssub(zero, a)?, b)?),
        (true, false) => ssub(zero, sdiv(a, ssub(zero, b)?)?),
    }
}

impl CeilDivSIOp {
    /// `ceildivsi(x, 1) = x`; constants, except division by zero and
    /// overflow.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        div_like(ctx, ir, self, operands, ceil_div_si)
    }
}

impl FloorDivSIOp {
    /// `floordivsi(x, 1) = x`; constants, except division by zero and
    /// overflow.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        div_like(ctx, ir, self, operands, |a, b| {
            let q = sdiv(a, b)?;
            let exact = q.sext() * b.sext() == a.sext();
            if !exact && a.is_negative() != b.is_negative() {
                Some(wrap(a, q.bits.wrapping_sub(1)))
            } else {
                Some(q)
            }
        })
    }
}

fn rem_like(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    f: impl Fn(ApInt, ApInt) -> Option<ApInt>,
) -> Option<OpFoldResult> {
    if is_one(ctx, operands[1]) {
        let ty = result_type(ir, op);
        return attr(zero_attr(ctx, ty));
    }
    attr(fold_ints(ctx, operands, f))
}

impl RemUIOp {
    /// `remui(x, 1) = 0`; constants, except division by zero.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        rem_like(ctx, ir, self, operands, |a, b| {
            (!b.is_zero()).then(|| wrap(a, a.zext() % b.zext()))
        })
    }
}

impl RemSIOp {
    /// `remsi(x, 1) = 0`; constants, except division by zero.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        rem_like(ctx, ir, self, operands, |a, b| {
            if b.is_zero() {
                return None;
            }
            // `MIN % -1` is 0 (no overflow in the remainder).
            Some(wrap(a, a.sext().checked_rem(b.sext()).unwrap_or(0) as u128))
        })
    }
}

/// Whether `v` is `xori(x, c)` with `c` all ones (`not x`), and `x`.
fn not_of(ctx: &mut Context, ir: &mut Ir, v: Value) -> Option<Value> {
    let xor = def::<XOrIOp>(ctx, ir, v)?;
    let (x, c) = op2(ir, xor);
    let c = super::constant_of(ctx, ir, c)?;
    splat_int(ctx, Some(c))?.is_all_ones().then_some(x)
}

impl AndIOp {
    /// `andi(x, 0) = 0`, `andi(x, ~0) = x`, `andi(x, not x) = 0`,
    /// `andi(a, andi(a, b)) = andi(a, b)`, constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if is_zero(ctx, operands[1]) {
            return value(rhs);
        }
        if splat_int(ctx, operands[1]).is_some_and(ApInt::is_all_ones) {
            return value(lhs);
        }
        if not_of(ctx, ir, rhs) == Some(lhs) || not_of(ctx, ir, lhs) == Some(rhs) {
            let ty = result_type(ir, self);
            return attr(zero_attr(ctx, ty));
        }
        for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
            if let Some(and) = def::<AndIOp>(ctx, ir, prev) {
                let (a, b) = op2(ir, and);
                if other == a || other == b {
                    return value(prev);
                }
            }
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits & b.bits))
        }))
    }
}

impl OrIOp {
    /// `ori(x, 0) = x`, `ori(x, ~0) = ~0`, `ori(x, not x) = ~0`, constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if let Some(c) = splat_int(ctx, operands[1]) {
            if c.is_zero() {
                return value(lhs);
            }
            if c.is_all_ones() {
                return attr(operands[1]);
            }
        }
        for (not, x) in [(rhs, lhs), (lhs, rhs)] {
            if not_of(ctx, ir, not) == Some(x) {
                // The all-ones operand of the `xori`.
                let xor = ir.defining_op(not)?;
                return value(ir.operand(xor, 1));
            }
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits | b.bits))
        }))
    }
}

impl XOrIOp {
    /// `xori(x, 0) = x`, `xori(x, x) = 0`, `xori(xori(x, a), a) = x` (and
    /// the other orders), constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        let (lhs, rhs) = op2(ir, self);
        if is_zero(ctx, operands[1]) {
            return value(lhs);
        }
        if lhs == rhs {
            let ty = result_type(ir, self);
            return attr(zero_attr(ctx, ty));
        }
        if let Some(prev) = def::<XOrIOp>(ctx, ir, lhs) {
            let (a, b) = op2(ir, prev);
            if b == rhs {
                return value(a);
            }
            if a == rhs {
                return value(b);
            }
        }
        if let Some(prev) = def::<XOrIOp>(ctx, ir, rhs) {
            let (a, b) = op2(ir, prev);
            if b == lhs {
                return value(a);
            }
            if a == lhs {
                return value(b);
            }
        }
        attr(fold_ints(ctx, operands, |a, b| {
            Some(wrap(a, a.bits ^ b.bits))
        }))
    }
}

/// Shifts: `x << 0 = x`; constants when the amount is below the width.
fn shift(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    f: impl Fn(ApInt, u32) -> ApInt,
) -> Option<OpFoldResult> {
    if is_zero(ctx, operands[1]) {
        return value(ir.operand(op.op(), 0));
    }
    attr(fold_ints(ctx, operands, |a, b| {
        (b.zext() < u128::from(b.width)).then(|| f(a, b.zext() as u32))
    }))
}

impl ShLIOp {
    /// `shli(x, 0) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        shift(ctx, ir, self, operands, |a, n| wrap(a, a.bits << n))
    }
}

impl ShRUIOp {
    /// `shrui(x, 0) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        shift(ctx, ir, self, operands, |a, n| wrap(a, a.bits >> n))
    }
}

impl ShRSIOp {
    /// `shrsi(x, 0) = x`; constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        shift(ctx, ir, self, operands, |a, n| {
            wrap(a, (a.sext() >> n) as u128)
        })
    }
}

/// Min/max: `op(x, x) = x`; against the bound that absorbs, that bound;
/// against the neutral one, `x`; constants.
fn min_max(
    ctx: &mut Context,
    ir: &Ir,
    op: impl Op,
    operands: Operands<'_>,
    absorbs: fn(ApInt) -> bool,
    neutral: fn(ApInt) -> bool,
    pick: fn(ApInt, ApInt) -> ApInt,
) -> Option<OpFoldResult> {
    let (lhs, rhs) = op2(ir, op);
    if lhs == rhs {
        return value(rhs);
    }
    if let Some(c) = splat_int(ctx, operands[1]) {
        if absorbs(c) {
            return value(rhs);
        }
        if neutral(c) {
            return value(lhs);
        }
    }
    attr(fold_ints(ctx, operands, |a, b| Some(pick(a, b))))
}

fn smax(a: ApInt, b: ApInt) -> ApInt {
    if a.sext() >= b.sext() {
        a
    } else {
        b
    }
}
fn smin(a: ApInt, b: ApInt) -> ApInt {
    if a.sext() <= b.sext() {
        a
    } else {
        b
    }
}
fn umax(a: ApInt, b: ApInt) -> ApInt {
    if a.zext() >= b.zext() {
        a
    } else {
        b
    }
}
fn umin(a: ApInt, b: ApInt) -> ApInt {
    if a.zext() <= b.zext() {
        a
    } else {
        b
    }
}

impl MaxSIOp {
    /// `maxsi(x, x) = x`, `maxsi(x, MAX) = MAX`, `maxsi(x, MIN) = x`,
    /// constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        min_max(
            ctx,
            ir,
            self,
            operands,
            ApInt::is_max_signed,
            ApInt::is_min_signed,
            smax,
        )
    }
}

impl MaxUIOp {
    /// `maxui(x, x) = x`, `maxui(x, ~0) = ~0`, `maxui(x, 0) = x`,
    /// constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        min_max(
            ctx,
            ir,
            self,
            operands,
            ApInt::is_all_ones,
            ApInt::is_zero,
            umax,
        )
    }
}

impl MinSIOp {
    /// `minsi(x, x) = x`, `minsi(x, MIN) = MIN`, `minsi(x, MAX) = x`,
    /// constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        min_max(
            ctx,
            ir,
            self,
            operands,
            ApInt::is_min_signed,
            ApInt::is_max_signed,
            smin,
        )
    }
}

impl MinUIOp {
    /// `minui(x, x) = x`, `minui(x, 0) = 0`, `minui(x, ~0) = x`,
    /// constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: Operands<'_>,
    ) -> Option<OpFoldResult> {
        min_max(
            ctx,
            ir,
            self,
            operands,
            ApInt::is_zero,
            ApInt::is_all_ones,
            umin,
        )
    }
}
