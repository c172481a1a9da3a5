//! Float values of every builtin float type, held as bit patterns.
//!
//! In: an `f64` (what MLIR's parser reads a decimal literal into) or a bit
//! pattern, and a [`FloatKind`]. Out: the bit pattern rounded to that kind,
//! and the text `mlir-opt` prints for it: `%e`-like with 6 digits when that
//! reads back exactly, else APFloat's shortest default form when it has a
//! `.`, else hex bits. IEEE-like kinds use `rustc_apfloat` (LLVM's APFloat
//! ported to Rust, so rounding and digit generation match LLVM exactly);
//! the 4/6-bit and FNUZ/E8M0 kinds, which it lacks, go through a table of
//! their at most 256 values.

use crate::print_buffer::PrintBuffer;
/// The `rustc_apfloat` types [`with_apfloat!`](crate::with_apfloat) binds
/// (with [`Tf32`], [`F8E4M3`] and [`F8E3M4`], which that crate lacks).
pub use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, Quad, Single, X87DoubleExtended,
};
use rustc_apfloat::ieee::{IeeeFloat, Semantics};
use rustc_apfloat::{Float, FloatConvert, Round};
use std::fmt::Write as _;

/// Every builtin floating-point type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The keyword the type is spelled with.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.keyword() == s)
    }
}

/// NVIDIA's TensorFloat-32: 19 bits, 8 exponent bits.
pub struct Tf32S;
impl Semantics for Tf32S {
    const BITS: usize = 19;
    const EXP_BITS: usize = 8;
}
pub type Tf32 = IeeeFloat<Tf32S>;

/// f8E4M3 with IEEE infinities and NaNs.
pub struct F8E4M3S;
impl Semantics for F8E4M3S {
    const BITS: usize = 8;
    const EXP_BITS: usize = 4;
}
/// f8E4M3 as an APFloat.
pub type F8E4M3 = IeeeFloat<F8E4M3S>;

/// f8E3M4 with IEEE infinities and NaNs.
pub struct F8E3M4S;
impl Semantics for F8E3M4S {
    const BITS: usize = 8;
    const EXP_BITS: usize = 3;
}
/// f8E3M4 as an APFloat.
pub type F8E3M4 = IeeeFloat<F8E3M4S>;

/// Runs `$body` with `$t` bound to the `rustc_apfloat` type of `$kind` (a
/// [`FloatKind`]), or evaluates `$other` for the kinds it has no type of
/// (the 4/6-bit, FNUZ and E8M0 kinds, handled by tables here). The body
/// calls `rustc_apfloat::Float` methods, so that trait must be in scope
/// where it is used.
#[macro_export]
macro_rules! with_apfloat {
    ($kind:expr, $t:ident => $body:expr, _ => $other:expr) => {
        match $kind {
            $crate::float::FloatKind::F16 => {
                type $t = $crate::float::Half;
                $body
            }
            $crate::float::FloatKind::BF16 => {
                type $t = $crate::float::BFloat;
                $body
            }
            $crate::float::FloatKind::F32 => {
                type $t = $crate::float::Single;
                $body
            }
            $crate::float::FloatKind::F64 => {
                type $t = $crate::float::Double;
                $body
            }
            $crate::float::FloatKind::F80 => {
                type $t = $crate::float::X87DoubleExtended;
                $body
            }
            $crate::float::FloatKind::F128 => {
                type $t = $crate::float::Quad;
                $body
            }
            $crate::float::FloatKind::TF32 => {
                type $t = $crate::float::Tf32;
                $body
            }
            $crate::float::FloatKind::F8E5M2 => {
                type $t = $crate::float::Float8E5M2;
                $body
            }
            $crate::float::FloatKind::F8E4M3FN => {
                type $t = $crate::float::Float8E4M3FN;
                $body
            }
            $crate::float::FloatKind::F8E4M3 => {
                type $t = $crate::float::F8E4M3;
                $body
            }
            $crate::float::FloatKind::F8E3M4 => {
                type $t = $crate::float::F8E3M4;
                $body
            }
            _ => $other,
        }
    };
}

/// Marks APFloat's NaN category in a 4/6-bit kind that has no NaN pattern
/// (it prints as hex `0x0`, like mlir-opt's bitcast of it).
const NAN_MARKER: u32 = 0x200;

/// The layout of a kind `rustc_apfloat` does not know.
struct SmallFormat {
    exp_bits: u32,
    man_bits: u32,
    bias: i32,
    signed: bool,
    /// The one NaN pattern, if the kind has NaN.
    nan: Option<u32>,
}

fn small_format(kind: FloatKind) -> SmallFormat {
    let f = |exp_bits, man_bits, bias, nan| SmallFormat {
        exp_bits,
        man_bits,
        bias,
        signed: true,
        nan,
    };
    match kind {
        FloatKind::F4E2M1FN => f(2, 1, 1, None),
        FloatKind::F6E2M3FN => f(2, 3, 1, None),
        FloatKind::F6E3M2FN => f(3, 2, 3, None),
        FloatKind::F8E5M2FNUZ => f(5, 2, 16, Some(0x80)),
        FloatKind::F8E4M3FNUZ => f(4, 3, 8, Some(0x80)),
        FloatKind::F8E4M3B11FNUZ => f(4, 3, 11, Some(0x80)),
        // F8E8M0FNU: exponent only, unsigned, 0xFF is NaN, no zero.
        _ => SmallFormat {
            exp_bits: 8,
            man_bits: 0,
            bias: 127,
            signed: false,
            nan: Some(0xFF),
        },
    }
}

impl SmallFormat {
    fn count(&self) -> u32 {
        1 << (self.exp_bits + self.man_bits + self.signed as u32)
    }

    /// The exact value of a pattern; `None` for NaN. An unsigned kind
    /// (E8M0) may carry APFloat's separate sign flag in bit 8: APFloat
    /// keeps the sign of a negative value converted to it and prints it.
    fn decode(&self, bits: u32) -> Option<f64> {
        if bits & NAN_MARKER != 0 {
            return None;
        }
        if !self.signed && bits & 0x100 != 0 {
            return self.decode(bits & 0xFF).map(|x| -x);
        }
        if Some(bits) == self.nan {
            return None;
        }
        let man = bits & ((1 << self.man_bits) - 1);
        let exp = (bits >> self.man_bits) & ((1 << self.exp_bits) - 1);
        let neg = self.signed && (bits >> (self.exp_bits + self.man_bits)) & 1 == 1;
        let scale = 2f64.powi(-(self.man_bits as i32));
        let mag = if exp == 0 && self.man_bits > 0 {
            man as f64 * scale * 2f64.powi(1 - self.bias)
        } else {
            (1.0 + man as f64 * scale) * 2f64.powi(exp as i32 - self.bias)
        };
        Some(if neg { -mag } else { mag })
    }

    /// The nearest pattern to `v`, ties to an even pattern; NaN and values
    /// past the largest go to NaN when the kind has one, else saturate.
    fn encode(&self, v: f64) -> u32 {
        if v.is_nan() {
            return self.nan.unwrap_or(0);
        }
        if !self.signed && v < 0.0 {
            // APFloat rounds a tiny value to zero first, and a kind without
            // zero then takes its smallest value, positive.
            if -v < 2f64.powi(-128) {
                return 0;
            }
            let m = self.encode(-v);
            return if Some(m) == self.nan { m } else { m | 0x100 };
        }
        // Past the largest finite value: NaN where the kind has one and the
        // value is at least half an ulp beyond, else the largest value.
        let (max_bits, largest) = (0..self.count())
            .filter_map(|b| self.decode(b).map(|x| (b, x)))
            .fold(
                (0, 0f64),
                |acc, (b, x)| if x > acc.1 { (b, x) } else { acc },
            );
        if v.abs() > largest {
            // A kind without NaN turns an infinite input into APFloat's
            // NaN category, whose bit pattern is 0 (kept apart by bit 9).
            if v.is_infinite() && self.nan.is_none() {
                let sign = if v < 0.0 {
                    1 << (self.exp_bits + self.man_bits)
                } else {
                    0
                };
                return NAN_MARKER | sign;
            }
            if let Some(nan) = self.nan {
                let top = largest.log2().floor() as i32;
                let ulp_half = 2f64.powi(top - self.man_bits as i32 - 1);
                if v.abs() >= largest + ulp_half {
                    return nan;
                }
            }
            let sign = if v < 0.0 && self.signed {
                1 << (self.exp_bits + self.man_bits)
            } else {
                0
            };
            return max_bits | sign;
        }
        let mut best: Option<(u32, f64)> = None;
        for bits in 0..self.count() {
            let Some(x) = self.decode(bits) else { continue };
            let d = (x - v).abs();
            let better = match best {
                None => true,
                // Ties go to the even pattern; with no mantissa bits (E8M0)
                // APFloat rounds ties up in magnitude.
                Some((b, bd)) => {
                    d < bd
                        || (d == bd
                            && if self.man_bits == 0 {
                                x.abs() > v.abs()
                            } else {
                                bits & 1 == 0 && b & 1 == 1
                            })
                }
            };
            // Zero keeps the sign of the input, where the kind has -0.
            let has_neg_zero = self.signed && self.nan != Some(0x80);
            let sign_ok = x != 0.0 || !has_neg_zero || v.is_sign_negative() == x.is_sign_negative();
            if better && sign_ok {
                best = Some((bits, d));
            }
        }
        best.map(|b| b.0).unwrap_or(0)
    }
}

/// Rounds `value` to `kind` (to nearest, ties to even), as MLIR's
/// `FloatAttr::get(type, double)` does, and returns the bit pattern.
pub fn from_f64(kind: FloatKind, value: f64) -> u128 {
    // Rust's `as` rounds to nearest, ties to even, like APFloat.
    match kind {
        FloatKind::F64 => return value.to_bits() as u128,
        FloatKind::F32 if !value.is_nan() => return (value as f32).to_bits() as u128,
        _ => {}
    }
    let d = Double::from_bits(value.to_bits() as u128);
    with_apfloat!(kind, T => {
        let mut loses = false;
        let r: T = d.convert_r(Round::NearestTiesToEven, &mut loses).value;
        r.to_bits()
    }, _ => small_format(kind).encode(value) as u128)
}

/// The bit pattern APFloat keeps for a hex literal: x87 80-bit patterns
/// that are not valid numbers (unnormals, pseudo-NaNs) read as NaNs with
/// the exponent all ones, as in LLVM; other kinds keep the bits as given.
pub fn canonical_bits(kind: FloatKind, bits: u128) -> u128 {
    if kind == FloatKind::F80 {
        return X87DoubleExtended::from_bits(bits).to_bits();
    }
    bits
}

/// Does the hex literal `bits` fit the width of `kind`?
pub fn bits_fit(kind: FloatKind, bits: u128) -> bool {
    let w = kind.bit_width();
    w >= 128 || bits >> w == 0
}

/// Is the pattern a NaN?
pub fn is_nan(kind: FloatKind, bits: u128) -> bool {
    with_apfloat!(kind, T => T::from_bits(bits).is_nan(),
        _ => small_format(kind).decode(bits as u32).is_none())
}

/// The value as an `f64` (rounded for wider kinds).
pub fn to_f64(kind: FloatKind, bits: u128) -> f64 {
    with_apfloat!(kind, T => {
        let mut loses = false;
        let d: Double = T::from_bits(bits).convert_r(Round::NearestTiesToEven, &mut loses).value;
        f64::from_bits(d.to_bits() as u64)
    }, _ => small_format(kind).decode(bits as u32).unwrap_or(f64::NAN))
}

/// Appends the value as `mlir-opt` prints a float: `1.000000e+00` when six
/// digits read back to the same bits, else APFloat's default form when it
/// has a `.`, else `0x` and the bits in upper-case hex. Returns whether
/// hex was printed.
pub fn write_float(out: &mut PrintBuffer, kind: FloatKind, bits: u128) -> bool {
    if let Some(done) = write_native_fast(out, kind, bits) {
        return done;
    }
    let printed = with_apfloat!(kind, T => {
        let v = T::from_bits(bits);
        write_apfloat(out, v)
    }, _ => {
        let fmt = small_format(kind);
        match fmt.decode(bits as u32) {
            // Six digits always read back for kinds of at most 4
            // significant bits, so only that form is ever needed.
            Some(x) => {
                let d = Double::from_bits(x.to_bits() as u128);
                let _ = write!(out, "{:#w$.p$}", d, w = 0, p = 6);
                true
            }
            None => false,
        }
    });
    if !printed {
        // Only the type's own bits (not E8M0's sign flag) print in hex.
        let width = kind.bit_width();
        let shown = if width >= 128 {
            bits
        } else {
            bits & ((1u128 << width) - 1)
        };
        let _ = write!(out, "0x{shown:X}");
    }
    !printed
}

/// The six-digit form for `f32`/`f64` computed as APFloat's `toString`
/// computes it (its digits are not always correctly rounded: it first
/// drops decimal digits by truncating division, then rounds half up), but
/// in `u128` arithmetic instead of big integers. `None` when the value
/// needs more than 128 bits of decimal significand, is not finite, or the
/// text does not read back, leaving the decision to the slow path.
fn write_native_fast(out: &mut PrintBuffer, kind: FloatKind, bits: u128) -> Option<bool> {
    let (neg, sig, exp2) = match kind {
        FloatKind::F64 => {
            let v = f64::from_bits(bits as u64);
            if !v.is_finite() {
                return None;
            }
            let b = bits as u64;
            let e = ((b >> 52) & 0x7FF) as i32;
            let m = b & ((1 << 52) - 1);
            let (sig, exp2) = if e == 0 {
                (m, -1074)
            } else {
                (m | (1 << 52), e - 1075)
            };
            (v.is_sign_negative(), sig, exp2)
        }
        FloatKind::F32 => {
            let v = f32::from_bits(bits as u32);
            if !v.is_finite() {
                return None;
            }
            let b = bits as u32;
            let e = ((b >> 23) & 0xFF) as i32;
            let m = (b & ((1 << 23) - 1)) as u64;
            let (sig, exp2) = if e == 0 {
                (m, -149)
            } else {
                (m | (1 << 23), e - 150)
            };
            (v.is_sign_negative(), sig, exp2)
        }
        _ => return None,
    };
    let mut text = String::with_capacity(16);
    if neg {
        text.push('-');
    }
    if sig == 0 {
        text.push_str("0.000000e+00");
    } else {
        six_digit_scientific(&mut text, sig, exp2)?;
    }
    let reads_back = match kind {
        FloatKind::F64 => text.parse::<f64>().ok()?.to_bits() as u128 == bits,
        _ => text.parse::<f32>().ok()?.to_bits() as u128 == bits,
    };
    if !reads_back {
        return None;
    }
    out.push_str(&text);
    Some(true)
}

/// APFloat's `toString(str, 6, 0, false)` digits for `sig * 2^exp2`.
fn six_digit_scientific(out: &mut String, sig: u64, exp2: i32) -> Option<()> {
    const PRECISION: usize = 6;
    let tz = sig.trailing_zeros() as i32;
    let mut n = (sig >> tz) as u128;
    let exp2 = exp2 + tz;
    // Decimal exponent of the integer significand `n`.
    let mut exp: i32 = 0;
    if exp2 >= 0 {
        if 128 - n.leading_zeros() as i32 + exp2 > 127 {
            return None;
        }
        n <<= exp2;
    } else {
        // n * 2^-t == n * 5^t * 10^-t.
        let t = -exp2;
        for _ in 0..t {
            n = n.checked_mul(5)?;
        }
        exp = exp2;
    }
    // Drop decimal digits beyond what 6 digits need, by truncation.
    let active = 128 - n.leading_zeros() as i32;
    let bits_required = ((PRECISION as i32) * 196 + 58) / 59;
    if active > bits_required {
        let tens = (active - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens;
            n /= 10u128.checked_pow(tens as u32)?;
        }
    }
    // Digits, least significant first, without trailing zeros.
    let mut digits: Vec<u8> = Vec::with_capacity(40);
    let mut in_trail = true;
    while n != 0 {
        let d = (n % 10) as u8;
        n /= 10;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            digits.push(b'0' + d);
            in_trail = false;
        }
    }
    // Round half up to six digits.
    let len = digits.len();
    if len > PRECISION {
        let mut first = len - PRECISION;
        if digits[first - 1] < b'5' {
            while first < len && digits[first] == b'0' {
                first += 1;
            }
            exp += first as i32;
            digits.drain(..first);
        } else {
            let mut i = first;
            while i < len {
                if digits[i] == b'9' {
                    first += 1;
                    i += 1;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
            if first == len {
                exp += first as i32;
                digits.clear();
                digits.push(b'1');
            } else {
                exp += first as i32;
                digits.drain(..first);
            }
        }
    }
    let nd = digits.len();
    exp += nd as i32 - 1;
    out.push(digits[nd - 1] as char);
    out.push('.');
    for i in 1..nd {
        out.push(digits[nd - 1 - i] as char);
    }
    for _ in 0..(PRECISION + 1 - nd) {
        out.push('0');
    }
    out.push('e');
    out.push(if exp >= 0 { '+' } else { '-' });
    let e = exp.unsigned_abs();
    if e < 10 {
        out.push('0');
    }
    let _ = write!(out, "{e}");
    Some(())
}

fn write_apfloat<T: Float + std::fmt::Display + std::str::FromStr>(
    out: &mut PrintBuffer,
    v: T,
) -> bool {
    if v.is_nan() || v.is_infinite() {
        return false;
    }
    let mut s = String::new();
    let _ = write!(s, "{:#w$.p$}", v, w = 0, p = 6);
    let back = T::from_str_r(&s, Round::NearestTiesToEven).map(|r| r.value);
    if let Ok(back) = back {
        if back.to_bits() == v.to_bits() {
            out.push_str(&s);
            return true;
        }
    }
    s.clear();
    let _ = write!(s, "{v}");
    if s.contains('.') {
        out.push_str(&s);
        return true;
    }
    false
}

/// The float kind's text for a value, as [`write_float`] writes it.
pub fn float_to_string(kind: FloatKind, bits: u128) -> String {
    let mut s = PrintBuffer::new();
    write_float(&mut s, kind, bits);
    s.into_string_lossy()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(kind: FloatKind, v: f64) -> String {
        float_to_string(kind, from_f64(kind, v))
    }

    /// Expected strings are what mlir-opt 22 printed for these values.
    /// The fast path for f32/f64 agrees with the APFloat path.
    #[test]
    fn native_fast_path_agrees_with_apfloat() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut compared = 0;
        for i in 0..20_000u32 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Mix random bit patterns with short decimals, where ties and
            // six-digit round trips are common.
            let (k, bits) = if i % 3 == 0 {
                (FloatKind::F64, seed as u128)
            } else if i % 3 == 1 {
                let short = ((seed % 1_000_000) as f64) / 10f64.powi((seed % 12) as i32);
                (FloatKind::F64, short.to_bits() as u128)
            } else {
                let short = ((seed % 1_000_000) as f64) / 10f64.powi((seed % 9) as i32);
                (FloatKind::F32, (short as f32).to_bits() as u128)
            };
            let mut fast = PrintBuffer::new();
            if write_native_fast(&mut fast, k, bits).is_none() {
                continue;
            }
            compared += 1;
            let mut slow = PrintBuffer::new();
            with_apfloat!(k, T => { write_apfloat(&mut slow, T::from_bits(bits)); }, _ => {});
            assert_eq!(fast, slow, "bits {bits:#x}");
        }
        assert!(
            compared > 5_000,
            "only {compared} values took the fast path"
        );
    }

    #[test]
    fn prints_like_mlir_opt() {
        use FloatKind::*;
        assert_eq!(show(F64, 1.0), "1.000000e+00");
        assert_eq!(show(F32, 0.1), "1.000000e-01");
        assert_eq!(show(F64, -0.0), "-0.000000e+00");
        assert_eq!(show(F64, 1.0e100), "1.000000e+100");
        assert_eq!(show(F64, 3.0e-300), "3.000000e-300");
        assert_eq!(show(F16, 1.1), "1.099610e+00");
        assert_eq!(show(F16, std::f64::consts::PI), "3.140630e+00");
        assert_eq!(show(F32, 123456789.0), "0x4CEB79A3");
        assert_eq!(show(F64, 1234567.0), "0x4132D68700000000");
        assert_eq!(show(F80, 0.1), "0.100000000000000005551");
        assert_eq!(show(F128, 0.1), "0.100000000000000005551115123125782702");
        assert_eq!(show(TF32, 0.1), "9.997550e-02");
        assert_eq!(show(F8E4M3FN, 100.0), "9.600000e+01");
        assert_eq!(show(F8E4M3FNUZ, 1.0), "1.000000e+00");
        assert_eq!(float_to_string(F32, 0x7FC0_0000), "0x7FC00000");
        assert_eq!(float_to_string(F16, 0x7C00), "0x7C00");
        assert_eq!(float_to_string(F16, 0x0001), "5.960460e-08");
        assert_eq!(float_to_string(F8E4M3FN, 0xFF), "0xFF");
        assert_eq!(float_to_string(F8E4M3FNUZ, 0x80), "0x80");
    }
}
