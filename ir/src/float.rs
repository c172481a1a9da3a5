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

use crate::types::FloatKind;
use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, IeeeFloat, Quad, Semantics, Single,
    X87DoubleExtended,
};
use rustc_apfloat::{Float, FloatConvert, Round};
use std::fmt::Write as _;

/// NVIDIA's TensorFloat-32: 19 bits, 8 exponent bits.
struct Tf32S;
impl Semantics for Tf32S {
    const BITS: usize = 19;
    const EXP_BITS: usize = 8;
}
type Tf32 = IeeeFloat<Tf32S>;

/// f8E4M3 with IEEE infinities and NaNs.
struct F8E4M3S;
impl Semantics for F8E4M3S {
    const BITS: usize = 8;
    const EXP_BITS: usize = 4;
}
type F8E4M3 = IeeeFloat<F8E4M3S>;

/// f8E3M4 with IEEE infinities and NaNs.
struct F8E3M4S;
impl Semantics for F8E3M4S {
    const BITS: usize = 8;
    const EXP_BITS: usize = 3;
}
type F8E3M4 = IeeeFloat<F8E3M4S>;

/// Runs `$body` with `$t` bound to the `rustc_apfloat` type of `$kind`, or
/// evaluates `$other` for the kinds handled by tables.
macro_rules! with_apfloat {
    ($kind:expr, $t:ident => $body:expr, _ => $other:expr) => {
        match $kind {
            FloatKind::F16 => {
                type $t = Half;
                $body
            }
            FloatKind::BF16 => {
                type $t = BFloat;
                $body
            }
            FloatKind::F32 => {
                type $t = Single;
                $body
            }
            FloatKind::F64 => {
                type $t = Double;
                $body
            }
            FloatKind::F80 => {
                type $t = X87DoubleExtended;
                $body
            }
            FloatKind::F128 => {
                type $t = Quad;
                $body
            }
            FloatKind::TF32 => {
                type $t = Tf32;
                $body
            }
            FloatKind::F8E5M2 => {
                type $t = Float8E5M2;
                $body
            }
            FloatKind::F8E4M3FN => {
                type $t = Float8E4M3FN;
                $body
            }
            FloatKind::F8E4M3 => {
                type $t = F8E4M3;
                $body
            }
            FloatKind::F8E3M4 => {
                type $t = F8E3M4;
                $body
            }
            _ => $other,
        }
    };
}

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

    /// The exact value of a pattern; `None` for NaN.
    fn decode(&self, bits: u32) -> Option<f64> {
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
        let mut best: Option<(u32, f64)> = None;
        let mut largest = 0f64;
        for bits in 0..self.count() {
            let Some(x) = self.decode(bits) else { continue };
            largest = largest.max(x.abs());
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
            // Zero keeps the sign of the input.
            let sign_ok = x != 0.0 || v.is_sign_negative() == x.is_sign_negative();
            if better && sign_ok {
                best = Some((bits, d));
            }
        }
        if v.abs() > largest {
            if let Some(nan) = self.nan {
                let ulp_half = largest * 2f64.powi(-(self.man_bits as i32) - 1);
                if v.abs() >= largest + ulp_half {
                    return nan;
                }
            }
        }
        best.map(|b| b.0).unwrap_or(0)
    }
}

/// Rounds `value` to `kind` (to nearest, ties to even), as MLIR's
/// `FloatAttr::get(type, double)` does, and returns the bit pattern.
pub fn from_f64(kind: FloatKind, value: f64) -> u128 {
    let d = Double::from_bits(value.to_bits() as u128);
    with_apfloat!(kind, T => {
        let mut loses = false;
        let r: T = d.convert_r(Round::NearestTiesToEven, &mut loses).value;
        r.to_bits()
    }, _ => small_format(kind).encode(value) as u128)
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
pub fn write_float(out: &mut String, kind: FloatKind, bits: u128) -> bool {
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
        let _ = write!(out, "0x{bits:X}");
    }
    !printed
}

fn write_apfloat<T: Float + std::fmt::Display + std::str::FromStr>(out: &mut String, v: T) -> bool {
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
    let mut s = String::new();
    write_float(&mut s, kind, bits);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(kind: FloatKind, v: f64) -> String {
        float_to_string(kind, from_f64(kind, v))
    }

    /// Expected strings are what mlir-opt 22 printed for these values.
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
