//! The folds of the math ops (`hasFolder`), as upstream's `MathOps.cpp`
//! computes them on constant operands (scalars, splats and dense elements;
//! see [`super::elements`]):
//!
//! - the C library's functions (`sin`, `exp`, `log`, `pow`, ...) on `f32`
//!   and `f64` only, through the same functions (`sinf` for `f32`);
//!   `log`, `log2`, `log10` and `sqrt` of a negative operand (`-0` and
//!   negative NaNs included) and `log1p` below -1 are not folded, and
//!   `atan2(0, 0)` is NaN;
//! - `absf`, `copysign`, `ceil`, `floor` and `roundeven` on every float
//!   kind but f8E8M0FNU (through Rust's port of APFloat where it has the
//!   kind, else exactly through `f64`, with APFloat's rounding overflow in
//!   f8E3M4 and f6E2M3FN reproduced);
//! - the classifications (`isnan`, `isinf`, `isfinite`, `isnormal`) of a
//!   scalar or a splat, on every kind;
//! - the integer ops (`absi`, `ctlz`, `cttz`, `ctpop`, `ipowi`) on
//!   integers up to 128 bits, wrapping at the type's width.
//!
//! In: the op and its constant operands. Out: the result's constant
//! ([`OpFoldResult::Attribute`]), or `None`.

use super::elements::{self, mask, sext, Scalar};
use super::*;
use ir::with_apfloat;
use ir::{Attribute, Context, FloatKind, Ir, Type};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;
use rustc_apfloat::{Float, Round};

/// `f` on the value read as an `f64`, rounded back to `kind`: for the
/// kinds without an APFloat type here (f8E4M3, f8E3M4, tf32, the FNUZ,
/// 6- and 4-bit kinds), where it is exact for what it is used for (sign
/// changes, rounding to an integral value: each kind holds every integer
/// up to its precision). `None` for f8E8M0FNU, which has neither a sign
/// nor a zero.
fn via_f64(kind: FloatKind, bits: u128, f: impl Fn(f64) -> f64) -> Option<u128> {
    if kind == FloatKind::F8E8M0FNU {
        return None;
    }
    Some(ir::float::from_f64(kind, f(ir::float::to_f64(kind, bits))))
}

/// The result type of a one-result op.
fn result_type(ir: &Ir, op: ir::OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

/// A C-library function of one float: `f64` through `wide`, `f32`
/// through `narrow`; other kinds are not folded.
fn libm1(scalar: Scalar, bits: u128, wide: fn(f64) -> f64, narrow: fn(f32) -> f32) -> Option<u128> {
    match scalar {
        Scalar::Float(FloatKind::F64) => {
            Some(u128::from(wide(f64::from_bits(bits as u64)).to_bits()))
        }
        Scalar::Float(FloatKind::F32) => {
            Some(u128::from(narrow(f32::from_bits(bits as u32)).to_bits()))
        }
        _ => None,
    }
}

/// [`libm1`] for a function of two floats.
fn libm2(
    scalar: Scalar,
    a: u128,
    b: u128,
    wide: fn(f64, f64) -> f64,
    narrow: fn(f32, f32) -> f32,
) -> Option<u128> {
    match scalar {
        Scalar::Float(FloatKind::F64) => Some(u128::from(
            wide(f64::from_bits(a as u64), f64::from_bits(b as u64)).to_bits(),
        )),
        Scalar::Float(FloatKind::F32) => Some(u128::from(
            narrow(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits(),
        )),
        _ => None,
    }
}

/// Whether the float's sign bit is set (APFloat's `isNegative`: true for
/// `-0` and negative NaNs too).
fn is_negative(scalar: Scalar, bits: u128) -> Option<bool> {
    let Scalar::Float(kind) = scalar else {
        return None;
    };
    with_apfloat!(kind, F => Some(F::from_bits(bits).is_negative()), _ => None)
}

/// What LLVM's APFloat rounds a finite non-zero value of f8E3M4 or
/// f6E2M3FN to: it adds and subtracts 2^(p-1) (p the precision), which in
/// these two kinds is beyond the largest finite value, so mlir-opt folds to
/// NaN (f8E3M4) or zero (f6E2M3FN) with the operand's sign. Reproduced so
/// the folds print what mlir-opt prints; `None` for the other kinds.
fn apfloat_rounding_overflow(kind: FloatKind, bits: u128) -> Option<u128> {
    let (sign, result) = match kind {
        FloatKind::F8E3M4 => (0x80, 0x78),
        FloatKind::F6E2M3FN => (0x20, 0),
        _ => return None,
    };
    let value = ir::float::to_f64(kind, bits);
    if value == 0.0 || !value.is_finite() {
        return Some(bits);
    }
    Some(result | (bits & sign))
}

/// Whether a value of a kind without an APFloat type here is normal:
/// finite, non-zero, with a non-zero exponent field.
fn small_is_normal(kind: FloatKind, bits: u128) -> Option<bool> {
    let mantissa_bits = match kind {
        FloatKind::F8E8M0FNU => 0,
        FloatKind::F4E2M1FN => 1,
        FloatKind::F8E5M2FNUZ | FloatKind::F6E3M2FN => 2,
        FloatKind::F8E4M3 | FloatKind::F8E4M3FNUZ | FloatKind::F8E4M3B11FNUZ => 3,
        FloatKind::F6E2M3FN => 3,
        FloatKind::F8E3M4 => 4,
        FloatKind::TF32 => 10,
        _ => return None,
    };
    let signed = u32::from(kind != FloatKind::F8E8M0FNU);
    let exponent_bits = kind.bit_width() - signed - mantissa_bits;
    let exponent = (bits >> mantissa_bits) & ((1u128 << exponent_bits) - 1);
    let value = ir::float::to_f64(kind, bits);
    Some(value.is_finite() && value != 0.0 && exponent != 0)
}

/// Rounds to an integral value in the float's own kind.
fn round_integral(scalar: Scalar, bits: u128, round: Round) -> Option<u128> {
    let Scalar::Float(kind) = scalar else {
        return None;
    };
    if let Some(overflowed) = apfloat_rounding_overflow(kind, bits) {
        return Some(overflowed);
    }
    with_apfloat!(
        kind, F => Some(F::from_bits(bits).round_to_integral(round).value.to_bits()),
        _ => via_f64(kind, bits, |x| match round {
            Round::TowardPositive => x.ceil(),
            Round::TowardNegative => x.floor(),
            _ => x.round_ties_even(),
        })
    )
}

/// Folds a one-float op whose values come from the C library, declining
/// operands `skip` rejects.
fn fold_libm1(
    ctx: &mut Context,
    ir: &Ir,
    op: ir::OpId,
    operands: &[Option<Attribute>],
    skip: fn(Scalar, u128) -> bool,
    wide: fn(f64) -> f64,
    narrow: fn(f32) -> f32,
) -> Option<OpFoldResult> {
    let ty = result_type(ir, op);
    elements::unary(ctx, operands.first().copied().flatten(), ty, |s, v| {
        if skip(s, v) {
            return None;
        }
        libm1(s, v, wide, narrow)
    })
    .map(OpFoldResult::Attribute)
}

/// The functions the standard library lacks or computes itself, through
/// the `libm` crate (a port of musl's C library, whose `f32` functions
/// come from the same fdlibm code as glibc's): the values equal those of
/// the C library mlir-opt calls (glibc on x86-64) up to one ulp in a few
/// cases (`erfc`, `acosh`, `asinh`; `folds_equal_mlir_opt_canonicalize`
/// counts them). An operand outside the domain gives x86-64's default
/// NaN (sign bit set), as there, rather than `libm`'s signed one.
mod c_library {
    /// The default NaN of x86-64 for a NaN made from a non-NaN operand.
    fn domain64(x: f64, r: f64) -> f64 {
        if r.is_nan() && !x.is_nan() {
            f64::from_bits(0xFFF8_0000_0000_0000)
        } else {
            r
        }
    }
    fn domain32(x: f32, r: f32) -> f32 {
        if r.is_nan() && !x.is_nan() {
            f32::from_bits(0xFFC0_0000)
        } else {
            r
        }
    }
    pub fn acosh(x: f64) -> f64 {
        domain64(x, libm::acosh(x))
    }
    pub fn asinh(x: f64) -> f64 {
        domain64(x, libm::asinh(x))
    }
    pub fn atanh(x: f64) -> f64 {
        domain64(x, libm::atanh(x))
    }
    pub fn acoshf(x: f32) -> f32 {
        domain32(x, libm::acoshf(x))
    }
    pub fn asinhf(x: f32) -> f32 {
        domain32(x, libm::asinhf(x))
    }
    pub fn atanhf(x: f32) -> f32 {
        domain32(x, libm::atanhf(x))
    }
    pub use libm::{erf, erfc, erfcf, erff};
}

fn never(_: Scalar, _: u128) -> bool {
    false
}
fn negative(s: Scalar, v: u128) -> bool {
    is_negative(s, v).unwrap_or(true)
}
/// `log1p` is folded only when `x + 1` is not negative, in `x`'s kind.
fn below_minus_one(s: Scalar, v: u128) -> bool {
    match s {
        Scalar::Float(FloatKind::F64) => (f64::from_bits(v as u64) + 1.0).is_sign_negative(),
        Scalar::Float(FloatKind::F32) => (f32::from_bits(v as u32) + 1.0).is_sign_negative(),
        _ => true,
    }
}

/// The ops folded through a C-library function of one float:
/// `Op: skip-test, f64 function, f32 function`.
macro_rules! libm_folds {
    ($($op:ident: $skip:ident, $wide:expr, $narrow:expr;)*) => {$(
        impl $op {
            /// Constant folding through the C library on `f32`/`f64`
            /// (see the module comment).
            pub fn fold(
                self,
                ctx: &mut Context,
                ir: &mut Ir,
                operands: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                fold_libm1(ctx, ir, self.op(), operands, $skip, $wide, $narrow)
            }
        }
    )*};
}

libm_folds! {
    AcosOp: never, f64::acos, f32::acos;
    AcoshOp: never, c_library::acosh, c_library::acoshf;
    AsinOp: never, f64::asin, f32::asin;
    AsinhOp: never, c_library::asinh, c_library::asinhf;
    AtanOp: never, f64::atan, f32::atan;
    AtanhOp: never, c_library::atanh, c_library::atanhf;
    CosOp: never, f64::cos, f32::cos;
    CoshOp: never, f64::cosh, f32::cosh;
    SinOp: never, f64::sin, f32::sin;
    SinhOp: never, f64::sinh, f32::sinh;
    TanOp: never, f64::tan, f32::tan;
    TanhOp: never, f64::tanh, f32::tanh;
    ErfOp: never, c_library::erf, c_library::erff;
    ErfcOp: never, c_library::erfc, c_library::erfcf;
    ExpOp: never, f64::exp, f32::exp;
    Exp2Op: never, f64::exp2, f32::exp2;
    ExpM1Op: never, f64::exp_m1, f32::exp_m1;
    LogOp: negative, f64::ln, f32::ln;
    Log2Op: negative, f64::log2, f32::log2;
    Log10Op: negative, f64::log10, f32::log10;
    Log1pOp: below_minus_one, f64::ln_1p, f32::ln_1p;
    SqrtOp: negative, f64::sqrt, f32::sqrt;
    RoundOp: never, f64::round, f32::round;
    TruncOp: never, f64::trunc, f32::trunc;
}

/// The ops that round in the float's own kind, any IEEE kind.
macro_rules! rounding_folds {
    ($($op:ident: $round:expr;)*) => {$(
        impl $op {
            /// Constant folding: rounds each element to an integral value
            /// in its own kind.
            pub fn fold(
                self,
                ctx: &mut Context,
                ir: &mut Ir,
                operands: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                let ty = result_type(ir, self.op());
                elements::unary(ctx, operands.first().copied().flatten(), ty, |s, v| {
                    round_integral(s, v, $round)
                })
                .map(OpFoldResult::Attribute)
            }
        }
    )*};
}

rounding_folds! {
    CeilOp: Round::TowardPositive;
    FloorOp: Round::TowardNegative;
    RoundEvenOp: Round::NearestTiesToEven;
}

impl AbsFOp {
    /// Constant folding: clears the sign, any IEEE kind.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = result_type(ir, self.op());
        elements::unary(ctx, operands.first().copied().flatten(), ty, |s, v| {
            let Scalar::Float(kind) = s else {
                return None;
            };
            with_apfloat!(kind, F => Some(F::from_bits(v).abs().to_bits()),
                _ => via_f64(kind, v, f64::abs))
        })
        .map(OpFoldResult::Attribute)
    }
}

impl CopySignOp {
    /// Constant folding: `lhs`'s magnitude with `rhs`'s sign, any IEEE
    /// kind.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = result_type(ir, self.op());
        let (lhs, rhs) = (
            operands.first().copied().flatten(),
            operands.get(1).copied().flatten(),
        );
        elements::binary(ctx, lhs, rhs, ty, |s, a, b| {
            let Scalar::Float(kind) = s else {
                return None;
            };
            with_apfloat!(kind, F => Some(F::from_bits(a).copy_sign(F::from_bits(b)).to_bits()),
            _ => {
                let sign = ir::float::to_f64(kind, b);
                via_f64(kind, a, |x| x.copysign(sign))
            })
        })
        .map(OpFoldResult::Attribute)
    }
}

impl Atan2Op {
    /// Constant folding through `atan2`/`atan2f`; `atan2(0, 0)` is NaN.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = result_type(ir, self.op());
        let (lhs, rhs) = (
            operands.first().copied().flatten(),
            operands.get(1).copied().flatten(),
        );
        elements::binary(ctx, lhs, rhs, ty, |s, a, b| {
            let Scalar::Float(kind) = s else {
                return None;
            };
            let zero =
                |v: u128| with_apfloat!(kind, F => Some(F::from_bits(v).is_zero()), _ => None);
            if zero(a)? && zero(b)? {
                return with_apfloat!(kind, F => Some(F::qnan(None).to_bits()), _ => None);
            }
            libm2(s, a, b, f64::atan2, f32::atan2)
        })
        .map(OpFoldResult::Attribute)
    }
}

impl PowFOp {
    /// Constant folding through `pow`/`powf`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = result_type(ir, self.op());
        let (lhs, rhs) = (
            operands.first().copied().flatten(),
            operands.get(1).copied().flatten(),
        );
        elements::binary(ctx, lhs, rhs, ty, |s, a, b| {
            libm2(s, a, b, f64::powf, f32::powf)
        })
        .map(OpFoldResult::Attribute)
    }
}

/// The float classifications: `Op: test on an APFloat, test for the other
/// kinds`.
macro_rules! classification_folds {
    ($($op:ident: $test:ident, $other:expr;)*) => {$(
        impl $op {
            /// Constant folding of a scalar or a splat, any IEEE kind.
            pub fn fold(
                self,
                ctx: &mut Context,
                ir: &mut Ir,
                operands: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                let ty = result_type(ir, self.op());
                elements::classify(ctx, operands.first().copied().flatten(), ty, |kind, bits| {
                    let other: fn(FloatKind, u128) -> Option<bool> = $other;
                    with_apfloat!(kind, F => Some(F::from_bits(bits).$test()),
                        _ => other(kind, bits))
                })
                .map(OpFoldResult::Attribute)
            }
        }
    )*};
}

classification_folds! {
    IsFiniteOp: is_finite, |k, b| Some(ir::float::to_f64(k, b).is_finite());
    IsInfOp: is_infinite, |k, b| Some(ir::float::to_f64(k, b).is_infinite());
    IsNaNOp: is_nan, |k, b| Some(ir::float::is_nan(k, b));
    IsNormalOp: is_normal, small_is_normal;
}

/// The integer ops of one operand: `Op: function of (width, value)`.
macro_rules! integer_folds {
    ($($op:ident: $f:expr;)*) => {$(
        impl $op {
            /// Constant folding at the integer's width.
            pub fn fold(
                self,
                ctx: &mut Context,
                ir: &mut Ir,
                operands: &[Option<Attribute>],
            ) -> Option<OpFoldResult> {
                let ty = result_type(ir, self.op());
                let f: fn(u32, u128) -> u128 = $f;
                elements::unary(ctx, operands.first().copied().flatten(), ty, |s, v| match s {
                    Scalar::Int(width) => Some(mask(f(width, v), width)),
                    Scalar::Float(_) => None,
                })
                .map(OpFoldResult::Attribute)
            }
        }
    )*};
}

integer_folds! {
    // The most negative value is its own absolute value (it wraps).
    AbsIOp: |w, v| sext(v, w).wrapping_abs() as u128;
    CountLeadingZerosOp: |w, v| u128::from(v.leading_zeros() - (128 - w));
    CountTrailingZerosOp: |w, v| u128::from(v.trailing_zeros().min(w));
    CtPopOp: |_, v| u128::from(v.count_ones());
}

/// `base ** power` for signed integers of `width` bits (upstream's rules):
/// power 0 gives 1; a negative power gives 1 for base 1, ±1 for base -1
/// (by the power's parity), 0 for any other base but 0, whose negative
/// powers are not folded; otherwise square-and-multiply, wrapping.
fn ipowi(width: u32, base: u128, power: u128) -> Option<u128> {
    let one = mask(1, width);
    let minus_one = mask(u128::MAX, width);
    if power == 0 {
        return Some(one);
    }
    if sext(power, width) < 0 {
        return match base {
            0 => None,
            b if b == one => Some(one),
            b if b != minus_one => Some(0),
            _ if power & 1 == 1 => Some(minus_one),
            _ => Some(one),
        };
    }
    let (mut result, mut base, mut power) = (one, base, power);
    loop {
        if power & 1 == 1 {
            result = mask(result.wrapping_mul(base), width);
        }
        power >>= 1;
        if power == 0 {
            return Some(result);
        }
        base = mask(base.wrapping_mul(base), width);
    }
}

impl IPowIOp {
    /// Constant folding of `lhs ** rhs` (see [`ipowi`]).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = result_type(ir, self.op());
        let (lhs, rhs) = (
            operands.first().copied().flatten(),
            operands.get(1).copied().flatten(),
        );
        elements::binary(ctx, lhs, rhs, ty, |s, a, b| match s {
            Scalar::Int(width) => ipowi(width, a, b),
            Scalar::Float(_) => None,
        })
        .map(OpFoldResult::Attribute)
    }
}
