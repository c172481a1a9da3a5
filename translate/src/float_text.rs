//! Floating-point constants as LLVM's `AsmWriter` prints them: `float`
//! and `double` in `%e` style with six decimals when that text reads back
//! to the same value (`3.250000e+00`, and `1.000000e-01` for the double
//! nearest 0.1), else the bits of the value as a double in hex
//! (`0x3FB99999A0000000` for the float 0.1); `half` and `bfloat` always
//! in hex (`0xH3C00`, `0xR3F80`).

use crate::types::LTy;

/// The text of a float constant of type `ty` with bit pattern `bits`.
pub(crate) fn float_text(ty: &LTy, bits: u64) -> String {
    match ty {
        LTy::Half => format!("0xH{:04X}", bits & 0xffff),
        LTy::BFloat => format!("0xR{:04X}", bits & 0xffff),
        LTy::Float => {
            let single = f32::from_bits(bits as u32);
            if single.is_nan() {
                // The NaN widened bit by bit, payload and quiet bit kept,
                // as APFloat's conversion gives it.
                let b = u64::from(bits as u32);
                let wide = ((b >> 31) << 63) | (0x7ff << 52) | ((b & 0x7f_ffff) << 29);
                return format!("0x{wide:016X}");
            }
            double_text(f64::from(single))
        }
        _ => double_text(f64::from_bits(bits)),
    }
}

fn double_text(value: f64) -> String {
    if value.is_finite() {
        // Six significant digits after the first, rounded from the exact
        // value; printed only if reading it back gives the value again.
        let short = format!("{value:.5e}");
        if short.parse::<f64>().ok() == Some(value) {
            return llvm_scientific(&short);
        }
    }
    format!("0x{:016X}", value.to_bits())
}

/// `1.23450e2` (Rust) to `1.234500e+02` (LLVM: six decimals, a signed
/// exponent of at least two digits).
fn llvm_scientific(rust: &str) -> String {
    let (mantissa, exp) = rust.split_once('e').unwrap_or((rust, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}0e{sign}{:02}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_and_nearest_decimals_print_in_scientific_form() {
        assert_eq!(float_text(&LTy::Double, 3.25f64.to_bits()), "3.250000e+00");
        assert_eq!(float_text(&LTy::Double, 0.1f64.to_bits()), "1.000000e-01");
        assert_eq!(float_text(&LTy::Double, 1e20f64.to_bits()), "1.000000e+20");
        assert_eq!(
            float_text(&LTy::Double, (-0.0f64).to_bits()),
            "-0.000000e+00"
        );
        assert_eq!(
            float_text(&LTy::Double, 1e300f64.to_bits()),
            "1.000000e+300"
        );
    }

    #[test]
    fn values_needing_more_digits_print_in_hex() {
        assert_eq!(
            float_text(&LTy::Float, u64::from(0.1f32.to_bits())),
            "0x3FB99999A0000000"
        );
        assert_eq!(
            float_text(&LTy::Double, 1.234375f64.to_bits()),
            "0x3FF3C00000000000"
        );
        assert_eq!(
            float_text(&LTy::Double, f64::INFINITY.to_bits()),
            "0x7FF0000000000000"
        );
        assert_eq!(float_text(&LTy::Half, 0x3c00), "0xH3C00");
    }
}
