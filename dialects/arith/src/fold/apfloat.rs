//! Float arithmetic on bit patterns with LLVM's `APFloat` semantics
//! (`rustc_apfloat`, LLVM's APFloat ported to Rust): what the float
//! folds compute with. Kinds `rustc_apfloat` lacks (f4/f6, the FNUZ and
//! E8M0 f8 kinds, tf32's neighbours) give `None`, so those ops do not
//! fold.

use ir::FloatKind;
use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, Quad, Single, X87DoubleExtended,
};
use rustc_apfloat::{Float, FloatConvert, Round, Status, StatusAnd};
use std::cmp::Ordering;

/// Runs `$body` with `$t` the `rustc_apfloat` type of `$kind`, or gives
/// `None` for the kinds it lacks.
macro_rules! with_float {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            FloatKind::F16 => {
                type $t = Half;
                Some($body)
            }
            FloatKind::BF16 => {
                type $t = BFloat;
                Some($body)
            }
            FloatKind::F32 => {
                type $t = Single;
                Some($body)
            }
            FloatKind::F64 => {
                type $t = Double;
                Some($body)
            }
            FloatKind::F80 => {
                type $t = X87DoubleExtended;
                Some($body)
            }
            FloatKind::F128 => {
                type $t = Quad;
                Some($body)
            }
            FloatKind::F8E5M2 => {
                type $t = Float8E5M2;
                Some($body)
            }
            FloatKind::F8E4M3FN => {
                type $t = Float8E4M3FN;
                Some($body)
            }
            _ => None,
        }
    };
}

/// A binary operation of the folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    /// C's `fmod` (LLVM's `APFloat::mod`): the sign of the left operand.
    Rem,
    /// IEEE 754-2019 `maximum` (NaN-propagating, -0 < +0).
    Maximum,
    /// IEEE 754-2019 `minimum`.
    Minimum,
    /// `maxNum` (a NaN operand gives the other one).
    MaxNum,
    /// `minNum`.
    MinNum,
}

fn apply<F: Float>(op: BinOp, a: F, b: F) -> F {
    match op {
        BinOp::Add => (a + b).value,
        BinOp::Sub => (a - b).value,
        BinOp::Mul => (a * b).value,
        BinOp::Div => (a / b).value,
        BinOp::Rem => a.c_fmod(b).value,
        BinOp::Maximum => a.maximum(b),
        BinOp::Minimum => a.minimum(b),
        BinOp::MaxNum => num_pick(a, b, false),
        BinOp::MinNum => num_pick(a, b, true),
    }
}

/// LLVM's `minnum`/`maxnum`: a NaN gives the other operand, and of two
/// zeros of different signs the negative one is the smaller.
fn num_pick<F: Float>(a: F, b: F, min: bool) -> F {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    if a.is_zero() && b.is_zero() && a.is_negative() != b.is_negative() {
        return if a.is_negative() == min { a } else { b };
    }
    let b_first = if min { b < a } else { a < b };
    if b_first {
        b
    } else {
        a
    }
}

/// `a op b` in kind `kind`.
pub fn binary(kind: FloatKind, op: BinOp, a: u128, b: u128) -> Option<u128> {
    with_float!(kind, F => apply(op, F::from_bits(a), F::from_bits(b)).to_bits())
}

/// `-a`.
pub fn neg(kind: FloatKind, a: u128) -> Option<u128> {
    with_float!(kind, F => (-F::from_bits(a)).to_bits())
}

/// How `a` compares with `b` (`None` inside: unordered, a NaN).
pub fn compare(kind: FloatKind, a: u128, b: u128) -> Option<Option<Ordering>> {
    with_float!(kind, F => F::from_bits(a).partial_cmp(&F::from_bits(b)))
}

/// What a float is, for the identity folds.
pub fn classify(kind: FloatKind, a: u128) -> Option<Class> {
    with_float!(kind, F => {
        let f = F::from_bits(a);
        Class {
            nan: f.is_nan(),
            pos_zero: f.is_pos_zero(),
            neg_zero: f.is_neg_zero(),
            pos_inf: f.is_infinite() && !f.is_negative(),
            neg_inf: f.is_infinite() && f.is_negative(),
            one: f.bitwise_eq(F::from_u128(1).value),
        }
    })
}

/// Facts about one float value.
#[derive(Clone, Copy, Debug, Default)]
pub struct Class {
    pub nan: bool,
    pub pos_zero: bool,
    pub neg_zero: bool,
    pub pos_inf: bool,
    pub neg_inf: bool,
    pub one: bool,
}

fn round_of(mode: Rounding) -> Round {
    match mode {
        Rounding::NearestTiesToEven => Round::NearestTiesToEven,
        Rounding::TowardNegative => Round::TowardNegative,
        Rounding::TowardPositive => Round::TowardPositive,
        Rounding::TowardZero => Round::TowardZero,
        Rounding::NearestTiesToAway => Round::NearestTiesToAway,
    }
}

/// A rounding mode (arith's `roundingmode` attribute).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    NearestTiesToEven,
    TowardNegative,
    TowardPositive,
    TowardZero,
    NearestTiesToAway,
}

fn convert_to<S: Float + FloatConvert<T>, T: Float>(a: u128, round: Round) -> Option<u128> {
    let mut loses = false;
    let r: StatusAnd<T> = S::from_bits(a).convert_r(round, &mut loses);
    // As arith's folds: only a conversion that is exact folds.
    (r.status == Status::OK && !loses).then(|| r.value.to_bits())
}

/// `a` converted from kind `from` to kind `to`, when exact (MLIR's
/// `convertFloatValue`: any lost information stops the fold).
pub fn convert(from: FloatKind, to: FloatKind, a: u128, mode: Rounding) -> Option<u128> {
    let round = round_of(mode);
    with_float!(from, S => with_float!(to, T => convert_to::<S, T>(a, round)))
        .flatten()
        .flatten()
}

/// An integer (`bits` of `width`, signed or not) as a float of `kind`,
/// rounded to nearest even.
pub fn from_int(kind: FloatKind, width: u32, bits: u128, signed: bool) -> Option<u128> {
    with_float!(kind, F => {
        if signed {
            let shift = 128 - width.max(1);
            let v = ((bits << shift) as i128) >> shift;
            F::from_i128_r(v, Round::NearestTiesToEven).value.to_bits()
        } else {
            F::from_u128_r(bits, Round::NearestTiesToEven).value.to_bits()
        }
    })
}

/// A float truncated toward zero to an integer of `width` bits (signed or
/// not), when it fits (LLVM's `convertToInteger` without `opInvalidOp`).
/// Converted at 128 bits, then checked against the width (`rustc_apfloat`
/// does not take widths below 2).
pub fn to_int(kind: FloatKind, a: u128, width: u32, signed: bool) -> Option<u128> {
    if width == 0 || width > 128 {
        return None;
    }
    with_float!(kind, F => {
        let f = F::from_bits(a);
        let mut exact = false;
        if signed {
            let r = f.to_i128_r(128, Round::TowardZero, &mut exact);
            let half = 1i128.checked_shl(width - 1).unwrap_or(i128::MIN);
            let fits = width == 128 || (-half..half).contains(&r.value);
            (!r.status.contains(Status::INVALID_OP) && fits).then_some(r.value as u128)
        } else {
            let r = f.to_u128_r(128, Round::TowardZero, &mut exact);
            let fits = width == 128 || r.value >> width == 0;
            (!r.status.contains(Status::INVALID_OP) && fits).then_some(r.value)
        }
    })
    .flatten()
}
