//! The folds of the index ops (`hasFolder`), as upstream's `IndexOps.cpp`
//! computes them: `index` has 32 or 64 bits on the target, unknown here,
//! so a fold must give the same low 32 bits either way.
//!
//! - Ops whose low result bits depend only on the low operand bits (`add`,
//!   `sub`, `mul`, `and`, `or`, `xor`, `shl` by less than 32) fold in 64
//!   bits ("unchecked").
//! - The others (divisions, remainders, minimum and maximum, shifts right,
//!   comparisons) are computed in 64 and in 32 bits and fold only when the
//!   64-bit result truncated to 32 bits equals the 32-bit one ("checked").
//! - Besides constants: `add(x, 0)`, `sub(x, 0)`, `mul(x, 1)` are `x`,
//!   `mul(x, 0)` is 0; `cmp(x, x)` and `cmp(min/max(x, A), B)` fold
//!   when the predicate decides them whatever `x` is.
//!
//! In: the op and its constant operands (`None` where not constant). Out:
//! what the result folds to ([`OpFoldResult`]), or `None`.

use super::*;
use ir::{Ir, Value};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

/// A value of `width` bits (32 or 64 here), kept in the low bits of a
/// `u64` with the rest zero.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Bits {
    value: u64,
    width: u32,
}

impl Bits {
    fn new(value: u64, width: u32) -> Bits {
        let value = if width >= 64 {
            value
        } else {
            value & ((1u64 << width) - 1)
        };
        Bits { value, width }
    }
    /// The value read as signed.
    fn signed(self) -> i64 {
        let shift = 64 - self.width;
        ((self.value << shift) as i64) >> shift
    }
    /// The low 32 bits.
    fn trunc32(self) -> Bits {
        Bits::new(self.value, 32)
    }
    fn with(self, value: u64) -> Bits {
        Bits::new(value, self.width)
    }
    fn with_signed(self, value: i64) -> Bits {
        Bits::new(value as u64, self.width)
    }
    fn is_zero(self) -> bool {
        self.value == 0
    }
}

/// The 64-bit value of an `index` (or other integer) constant.
fn index_value(ctx: &Context, operand: Option<Attribute>) -> Option<Bits> {
    match ctx.attr_kind(operand?) {
        AttrKind::Integer { value, .. } => Some(Bits::new(value.as_i64()? as u64, 64)),
        _ => None,
    }
}

/// An `index` attribute holding `bits`.
fn index_attr(ctx: &mut Context, bits: Bits) -> Attribute {
    ods_runtime::attr::index(ctx, bits.signed())
}

type Calc = fn(Bits, Bits) -> Option<Bits>;

/// Folds an op whose 32-bit result is the truncated 64-bit one for all
/// operands (upstream's `foldBinaryOpUnchecked`).
fn unchecked(ctx: &mut Context, operands: &[Option<Attribute>], calc: Calc) -> Option<Attribute> {
    let lhs = index_value(ctx, *operands.first()?)?;
    let rhs = index_value(ctx, *operands.get(1)?)?;
    let result = calc(lhs, rhs)?;
    debug_assert_eq!(
        Some(result.trunc32()),
        calc(lhs.trunc32(), rhs.trunc32()),
        "an unchecked index fold must not depend on the high bits"
    );
    Some(index_attr(ctx, result))
}

/// Folds an op only for operands whose 64-bit result truncated to 32 bits
/// is the 32-bit result (upstream's `foldBinaryOpChecked`).
fn checked(ctx: &mut Context, operands: &[Option<Attribute>], calc: Calc) -> Option<Attribute> {
    let lhs = index_value(ctx, *operands.first()?)?;
    let rhs = index_value(ctx, *operands.get(1)?)?;
    let wide = calc(lhs, rhs)?;
    let narrow = calc(lhs.trunc32(), rhs.trunc32())?;
    (wide.trunc32() == narrow).then(|| index_attr(ctx, wide))
}

fn add(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value.wrapping_add(r.value)))
}
fn sub(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value.wrapping_sub(r.value)))
}
fn mul(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value.wrapping_mul(r.value)))
}
fn divs(l: Bits, r: Bits) -> Option<Bits> {
    (!r.is_zero()).then(|| l.with_signed(l.signed().wrapping_div(r.signed())))
}
fn divu(l: Bits, r: Bits) -> Option<Bits> {
    (!r.is_zero()).then(|| l.with(l.value / r.value))
}
/// Signed division rounded up, without overflow where the quotient fits:
/// with different signs, `-(-n / m)`; with equal signs, `(n + x) / m + 1`
/// where `x` is -1 for a positive `m` and 1 for a negative one.
fn ceildivs(n: Bits, m: Bits) -> Option<Bits> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    let (ns, ms) = (n.signed(), m.signed());
    let m_positive = ms > 0;
    if (ns > 0) != m_positive {
        let q = n.with_signed(ns.wrapping_neg()).signed().wrapping_div(ms);
        return Some(n.with_signed(q.wrapping_neg()));
    }
    let x: i64 = if m_positive { -1 } else { 1 };
    let shifted = n.with_signed(ns.wrapping_add(x)).signed();
    Some(n.with_signed(shifted.wrapping_div(ms).wrapping_add(1)))
}
/// Unsigned division rounded up: `(n - 1) / m + 1`, zero for zero.
fn ceildivu(n: Bits, m: Bits) -> Option<Bits> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    Some(n.with((n.value - 1) / m.value + 1))
}
/// Signed division rounded down: the quotient for equal signs, else
/// `-1 - (x - n) / m` where `x` is 1 for a negative `m` and -1 otherwise.
fn floordivs(n: Bits, m: Bits) -> Option<Bits> {
    if m.is_zero() {
        return None;
    }
    if n.is_zero() {
        return Some(n);
    }
    let (ns, ms) = (n.signed(), m.signed());
    let m_negative = ms < 0;
    if (ns < 0) == m_negative {
        return Some(n.with_signed(ns.wrapping_div(ms)));
    }
    let x: i64 = if m_negative { 1 } else { -1 };
    let diff = n.with_signed(x.wrapping_sub(ns)).signed();
    Some(n.with_signed((-1i64).wrapping_sub(diff.wrapping_div(ms))))
}
fn rems(l: Bits, r: Bits) -> Option<Bits> {
    (!r.is_zero()).then(|| l.with_signed(l.signed().wrapping_rem(r.signed())))
}
fn remu(l: Bits, r: Bits) -> Option<Bits> {
    (!r.is_zero()).then(|| l.with(l.value % r.value))
}
fn maxs(l: Bits, r: Bits) -> Option<Bits> {
    Some(if l.signed() > r.signed() { l } else { r })
}
fn maxu(l: Bits, r: Bits) -> Option<Bits> {
    Some(if l.value > r.value { l } else { r })
}
fn mins(l: Bits, r: Bits) -> Option<Bits> {
    Some(if l.signed() < r.signed() { l } else { r })
}
fn minu(l: Bits, r: Bits) -> Option<Bits> {
    Some(if l.value < r.value { l } else { r })
}
/// Shifts by 32 or more are poison on a 32-bit target: not folded.
fn shl(l: Bits, r: Bits) -> Option<Bits> {
    (r.value < 32).then(|| l.with(l.value << r.value))
}
fn shrs(l: Bits, r: Bits) -> Option<Bits> {
    (r.value < 32).then(|| l.with_signed(l.signed() >> r.value))
}
fn shru(l: Bits, r: Bits) -> Option<Bits> {
    (r.value < 32).then(|| l.with(l.value >> r.value))
}
fn and(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value & r.value))
}
fn or(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value | r.value))
}
fn xor(l: Bits, r: Bits) -> Option<Bits> {
    Some(l.with(l.value ^ r.value))
}

/// The `fold` of each two-operand op that folds only constants: the op,
/// whether its fold is checked, and its computation.
macro_rules! constant_folds {
    ($($op:ident: $how:ident($calc:ident);)*) => {$(
        impl $op {
            /// Upstream's fold: both operands constant (see the module
            /// comment for which ops are checked in 32 bits).
            pub fn fold(
                self,
                ctx: &mut Context,
                _ir: &mut Ir,
                operands: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                $how(ctx, operands, $calc).map(OpFoldResult::Attribute)
            }
        }
    )*};
}

constant_folds! {
    DivSOp: checked(divs);
    DivUOp: checked(divu);
    CeilDivSOp: checked(ceildivs);
    CeilDivUOp: checked(ceildivu);
    FloorDivSOp: checked(floordivs);
    RemSOp: checked(rems);
    RemUOp: checked(remu);
    MaxSOp: checked(maxs);
    MaxUOp: checked(maxu);
    MinSOp: checked(mins);
    MinUOp: checked(minu);
    ShlOp: unchecked(shl);
    ShrSOp: checked(shrs);
    ShrUOp: checked(shru);
    AndOp: unchecked(and);
    OrOp: unchecked(or);
    XOrOp: unchecked(xor);
}

/// The op's left operand, when its right one is the constant `rhs`.
fn lhs_if_rhs_is(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    operands: &[Option<Attribute>],
    rhs: u64,
) -> Option<Value> {
    let value = index_value(ctx, *operands.get(1)?)?;
    (value.value == rhs).then(|| ir.operand(op, 0))
}

impl AddOp {
    /// Constants add (unchecked); `add(x, 0)` is `x`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        if let Some(attr) = unchecked(ctx, operands, add) {
            return Some(attr.into());
        }
        lhs_if_rhs_is(ctx, ir, self.op(), operands, 0).map(OpFoldResult::Value)
    }
}

impl SubOp {
    /// Constants subtract (unchecked); `sub(x, 0)` is `x`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        if let Some(attr) = unchecked(ctx, operands, sub) {
            return Some(attr.into());
        }
        lhs_if_rhs_is(ctx, ir, self.op(), operands, 0).map(OpFoldResult::Value)
    }
}

impl MulOp {
    /// Constants multiply (unchecked); `mul(x, 1)` is `x`, `mul(x, 0)` is
    /// the zero.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        if let Some(attr) = unchecked(ctx, operands, mul) {
            return Some(attr.into());
        }
        if let Some(lhs) = lhs_if_rhs_is(ctx, ir, self.op(), operands, 1) {
            return Some(lhs.into());
        }
        let zero = operands.get(1).copied().flatten()?;
        index_value(ctx, Some(zero))?
            .is_zero()
            .then_some(OpFoldResult::Attribute(zero))
    }
}

/// Casting a constant: to `index` the input is extended (or truncated) to
/// 64 bits, which truncated to 32 is what a 32-bit target computes; from
/// `index` to an integer of `width` bits, the result must not depend on
/// the index's high 32 bits (upstream's `foldCastOp`).
fn fold_cast(
    ctx: &mut Context,
    ir: &Ir,
    op: OpId,
    input: Option<Attribute>,
    signed: bool,
) -> Option<Attribute> {
    let AttrKind::Integer { value, ty: in_ty } = ctx.attr_kind(input?).clone() else {
        return None;
    };
    let in_width = match ctx.type_kind(in_ty) {
        TypeKind::Index => 64,
        TypeKind::Integer { width, .. } => *width,
        _ => return None,
    };
    let value = value.as_i64()?;
    let out_ty = ir.value_type(ir.result(op, 0));
    // Extends the low `from` bits of `v` to 64 bits.
    let extend = |v: i64, from: u32| -> i64 {
        if from >= 64 {
            return v;
        }
        let shift = 64 - from;
        if signed {
            (v << shift) >> shift
        } else {
            ((v as u64) << shift >> shift) as i64
        }
    };
    let out_width = match ctx.type_kind(out_ty) {
        TypeKind::Index => return Some(ods_runtime::attr::index(ctx, extend(value, in_width))),
        TypeKind::Integer { width, .. } => *width,
        _ => return None,
    };
    // Wider than 64 bits: the value of such an attribute needs more than
    // an `i64`; not folded.
    if out_width > 64 {
        return None;
    }
    let truncated = |v: i64, to: u32| -> i64 {
        if to >= 64 {
            v
        } else {
            let shift = 64 - to;
            (v << shift) >> shift
        }
    };
    let low32 = extend(value, 32.min(in_width));
    let result = if out_width <= 32 {
        truncated(value, out_width)
    } else if out_width == 64 {
        if low32 != value {
            return None;
        }
        value
    } else {
        let result = truncated(value, out_width);
        if result != truncated(low32, out_width) {
            return None;
        }
        result
    };
    Some(ctx.integer_attr(out_ty, i128::from(result)))
}

impl CastSOp {
    /// A constant input, sign-extended or truncated (see [`fold_cast`]).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_cast(ctx, ir, self.op(), *operands.first()?, true).map(OpFoldResult::Attribute)
    }
}

impl CastUOp {
    /// A constant input, zero-extended or truncated (see [`fold_cast`]).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_cast(ctx, ir, self.op(), *operands.first()?, false).map(OpFoldResult::Attribute)
    }
}

/// Whether `pred` holds between two values of one width.
fn compare(pred: IndexCmpPredicate, l: Bits, r: Bits) -> bool {
    use IndexCmpPredicate as P;
    match pred {
        P::Eq => l == r,
        P::Ne => l != r,
        P::Slt => l.signed() < r.signed(),
        P::Sle => l.signed() <= r.signed(),
        P::Sgt => l.signed() > r.signed(),
        P::Sge => l.signed() >= r.signed(),
        P::Ult => l.value < r.value,
        P::Ule => l.value <= r.value,
        P::Ugt => l.value > r.value,
        P::Uge => l.value >= r.value,
    }
}

/// What `cmp(pred, x, x)` is.
fn compare_same(pred: IndexCmpPredicate) -> bool {
    use IndexCmpPredicate as P;
    matches!(pred, P::Eq | P::Sge | P::Sle | P::Uge | P::Ule)
}

/// The predicate that holds exactly when `pred` does not.
fn invert(pred: IndexCmpPredicate) -> IndexCmpPredicate {
    use IndexCmpPredicate as P;
    match pred {
        P::Eq => P::Ne,
        P::Ne => P::Eq,
        P::Slt => P::Sge,
        P::Sge => P::Slt,
        P::Sle => P::Sgt,
        P::Sgt => P::Sle,
        P::Ult => P::Uge,
        P::Uge => P::Ult,
        P::Ule => P::Ugt,
        P::Ugt => P::Ule,
    }
}

/// The values an integer may take, as signed and as unsigned bounds
/// (upstream's `ConstantIntRanges`).
#[derive(Clone, Copy)]
struct Range {
    smin: i64,
    smax: i64,
    umin: u64,
    umax: u64,
}

impl Range {
    /// `[smin, smax]` read as signed; as unsigned the same bounds when both
    /// have one sign, else everything.
    fn signed(lo: Bits, hi: Bits) -> Range {
        let same_sign = (lo.signed() < 0) == (hi.signed() < 0);
        let (umin, umax) = if same_sign {
            (lo.value, hi.value)
        } else {
            (0, lo.with(u64::MAX).value)
        };
        Range {
            smin: lo.signed(),
            smax: hi.signed(),
            umin,
            umax,
        }
    }
    /// `[umin, umax]` read as unsigned; as signed the same bounds when both
    /// have one top bit, else everything.
    fn unsigned(lo: Bits, hi: Bits) -> Range {
        let same_sign = (lo.signed() < 0) == (hi.signed() < 0);
        let (smin, smax) = if same_sign {
            (lo.signed(), hi.signed())
        } else {
            (min_signed(lo.width), max_signed(lo.width))
        };
        Range {
            smin,
            smax,
            umin: lo.value,
            umax: hi.value,
        }
    }
    fn constant(v: Bits) -> Range {
        Range {
            smin: v.signed(),
            smax: v.signed(),
            umin: v.value,
            umax: v.value,
        }
    }
    /// The one value of the range, if it has one.
    fn single(self) -> Option<u64> {
        if self.umin == self.umax {
            Some(self.umin)
        } else if self.smin == self.smax {
            Some(self.smin as u64)
        } else {
            None
        }
    }
}

fn min_signed(width: u32) -> i64 {
    Bits::new(1u64 << (width - 1), width).signed()
}
fn max_signed(width: u32) -> i64 {
    Bits::new((1u64 << (width - 1)) - 1, width).signed()
}

/// Whether `pred` holds for every pair of values of the two ranges.
fn always(pred: IndexCmpPredicate, l: Range, r: Range) -> bool {
    use IndexCmpPredicate as P;
    match pred {
        P::Sle => l.smax <= r.smin,
        P::Slt => l.smax < r.smin,
        P::Ule => l.umax <= r.umin,
        P::Ult => l.umax < r.umin,
        P::Sge => l.smin >= r.smax,
        P::Sgt => l.smin > r.smax,
        P::Uge => l.umin >= r.umax,
        P::Ugt => l.umin > r.umax,
        P::Eq => matches!((l.single(), r.single()), (Some(a), Some(b)) if a == b),
        P::Ne => {
            let signed = always(P::Slt, l, r) || always(P::Sgt, l, r);
            let unsigned = always(P::Ult, l, r) || always(P::Ugt, l, r);
            signed && unsigned
        }
    }
}

/// `pred` on two ranges: `Some` when the ranges decide it.
fn evaluate(pred: IndexCmpPredicate, l: Range, r: Range) -> Option<bool> {
    if always(pred, l, r) {
        Some(true)
    } else if always(invert(pred), l, r) {
        Some(false)
    } else {
        None
    }
}

/// `cmp(min/max(x, a), b)` in one width: the range the min or max keeps
/// its result in, compared with `b`.
fn min_max_compare(name: &str, a: Bits, b: Bits, pred: IndexCmpPredicate) -> Option<bool> {
    let w = a.width;
    let range = if name == MinSOp::NAME {
        Range::signed(a.with_signed(min_signed(w)), a)
    } else if name == MinUOp::NAME {
        Range::unsigned(a.with(0), a)
    } else if name == MaxSOp::NAME {
        Range::signed(a, a.with_signed(max_signed(w)))
    } else if name == MaxUOp::NAME {
        Range::unsigned(a, a.with(u64::MAX))
    } else {
        return None;
    };
    evaluate(pred, range, Range::constant(b))
}

/// The constant `value` holds when an op of the `ConstantLike` kind this
/// dialect or arith has defines it (upstream's `m_Constant`).
fn constant_of(ctx: &Context, ir: &Ir, value: Value) -> Option<Bits> {
    let def = ir.defining_op(value)?;
    let name = ctx.str(ir.op_name(def));
    if name != ConstantOp::NAME && name != dialect_arith::ConstantOp::NAME {
        return None;
    }
    index_value(ctx, inherent_attr(ctx, ir, def, "value"))
}

impl CmpOp {
    /// Two constants compared in 64 and 32 bits (folded when both agree);
    /// `cmp(min/max(x, a), b)` when the bound decides it in both widths;
    /// `cmp(x, x)`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let pred = IndexCmpPredicateAttr::value(ctx, self.pred_attr(ctx, ir)?);
        let lhs = index_value(ctx, operands.first().copied().flatten());
        let rhs = index_value(ctx, operands.get(1).copied().flatten());
        if let (Some(l), Some(r)) = (lhs, rhs) {
            let wide = compare(pred, l, r);
            if wide == compare(pred, l.trunc32(), r.trunc32()) {
                return Some(ods_runtime::attr::bool(ctx, wide).into());
            }
        }
        let (lhs_value, rhs_value) = (ir.operand(op, 0), ir.operand(op, 1));
        if let (Some(def), Some(b)) = (ir.defining_op(lhs_value), rhs) {
            let name = ctx.str(ir.op_name(def)).to_string();
            let a = (ir.num_operands(def) == 2)
                .then(|| constant_of(ctx, ir, ir.operand(def, 1)))
                .flatten();
            if let Some(a) = a {
                let wide = min_max_compare(&name, a, b, pred);
                let narrow = min_max_compare(&name, a.trunc32(), b.trunc32(), pred);
                if let (Some(w), Some(n)) = (wide, narrow) {
                    if w == n {
                        return Some(ods_runtime::attr::bool(ctx, w).into());
                    }
                }
            }
        }
        (lhs_value == rhs_value).then(|| ods_runtime::attr::bool(ctx, compare_same(pred)).into())
    }
}

impl ConstantOp {
    /// Its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }
}

impl BoolConstantOp {
    /// Its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }
}
