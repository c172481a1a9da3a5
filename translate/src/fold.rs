//! What LLVM's `IRBuilder` folds when every operand is a constant (its
//! `TargetFolder`): integer and float arithmetic, comparisons and casts
//! of constants become constants, not instructions. Where this module
//! returns `None` the instruction is made (and printed) instead.

use crate::constants::{const_text, mask, signed, Const};
use crate::types::LTy;

/// `lhs <op> rhs` of integer constants of `width` bits.
pub(crate) fn int_binop(op: &str, width: u32, lhs: &Const, rhs: &Const) -> Option<Const> {
    if width == 0 || width > 128 {
        return None;
    }
    // An operand equal to the operation's identity gives the other one,
    // undef and poison included.
    let identity = match op {
        "add" | "or" | "xor" => Some(0),
        "mul" => Some(1),
        "and" => Some(mask(width, u128::MAX)),
        _ => None,
    };
    if let Some(id) = identity {
        if *lhs == Const::Int(id) {
            return Some(rhs.clone());
        }
        if *rhs == Const::Int(id) {
            return Some(lhs.clone());
        }
    }
    // Identities on the right only: `x - 0`, `x << 0`, `x / 1`.
    let right_identity = match op {
        "sub" | "shl" | "lshr" | "ashr" => Some(0),
        "udiv" | "sdiv" => Some(1),
        _ => None,
    };
    if right_identity.is_some_and(|id| *rhs == Const::Int(id)) {
        return Some(lhs.clone());
    }
    if *lhs == Const::Poison || *rhs == Const::Poison {
        return Some(Const::Poison);
    }
    if *lhs == Const::Undef || *rhs == Const::Undef {
        return undef_binop(op, width, lhs, rhs);
    }
    let (Const::Int(a), Const::Int(b)) = (lhs, rhs) else {
        return None;
    };
    let (a, b) = (*a, *b);
    let (sa, sb) = (signed(width, a), signed(width, b));
    let min = signed(width, 1u128 << (width - 1));
    let bits = match op {
        "add" => a.wrapping_add(b),
        "sub" => a.wrapping_sub(b),
        "mul" => a.wrapping_mul(b),
        "and" => a & b,
        "or" => a | b,
        "xor" => a ^ b,
        "udiv" | "urem" | "sdiv" | "srem" if b == 0 => return Some(Const::Poison),
        "sdiv" | "srem" if sa == min && sb == -1 => return Some(Const::Poison),
        "udiv" => a / b,
        "urem" => a % b,
        "sdiv" => (sa / sb) as u128,
        "srem" => (sa % sb) as u128,
        "shl" | "lshr" | "ashr" if b >= u128::from(width) => return Some(Const::Poison),
        "shl" => a << b,
        "lshr" => a >> b,
        "ashr" => (sa >> b) as u128,
        _ => return None,
    };
    Some(Const::Int(mask(width, bits)))
}

/// `lhs <op> rhs` of two `zeroinitializer` scalable vectors: the lanes'
/// result when it is zero, `undef` or `poison` (a scalable vector
/// constant of other lanes is no constant ours writes).
pub(crate) fn zero_splat_binop(op: &str, width: u32, lhs: &Const, rhs: &Const) -> Option<Const> {
    if (lhs, rhs) != (&Const::Zero, &Const::Zero) {
        return None;
    }
    match int_binop(op, width, &Const::Int(0), &Const::Int(0))? {
        Const::Int(0) => Some(Const::Zero),
        c @ (Const::Undef | Const::Poison) => Some(c),
        _ => None,
    }
}

/// A `half`'s value (every half is exactly a double).
fn half_value(bits: u16) -> f64 {
    let sign = if bits >> 15 == 1 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = f64::from(bits & 0x3ff);
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        0x1f if frac == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        e => sign * (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// LLVM's rules for an integer operation with an `undef` operand.
fn undef_binop(op: &str, width: u32, lhs: &Const, rhs: &Const) -> Option<Const> {
    let both = *lhs == Const::Undef && *rhs == Const::Undef;
    let zero = Some(Const::Int(0));
    let rhs_undef_or_zero = matches!(rhs, Const::Undef | Const::Int(0));
    match op {
        "xor" if both => zero,
        "add" | "sub" | "xor" => Some(Const::Undef),
        "and" if both => Some(Const::Undef),
        "and" => zero,
        "or" if both => Some(Const::Undef),
        "or" => Some(Const::Int(mask(width, u128::MAX))),
        "mul" if both => Some(Const::Undef),
        "mul" => {
            let odd = [lhs, rhs]
                .iter()
                .any(|c| matches!(c, Const::Int(v) if v & 1 == 1));
            Some(if odd { Const::Undef } else { Const::Int(0) })
        }
        "udiv" | "sdiv" | "urem" | "srem" if rhs_undef_or_zero => Some(Const::Poison),
        "udiv" | "sdiv" | "urem" | "srem" => zero,
        "shl" | "lshr" | "ashr" if *rhs == Const::Undef => Some(Const::Poison),
        "shl" | "lshr" | "ashr" => zero,
        _ => None,
    }
}

fn float_value(ty: &LTy, bits: u64) -> Option<f64> {
    match ty {
        LTy::Half => Some(half_value(bits as u16)),
        LTy::Float => Some(f64::from(f32::from_bits(bits as u32))),
        LTy::Double => Some(f64::from_bits(bits)),
        _ => None,
    }
}

fn float_bits(ty: &LTy, v: f64) -> u64 {
    match ty {
        LTy::Float => u64::from((v as f32).to_bits()),
        _ => v.to_bits(),
    }
}

/// The bit that makes a NaN of `ty` quiet.
fn quiet_bit(ty: &LTy) -> u64 {
    match ty {
        LTy::Float => 0x0040_0000,
        _ => 0x0008_0000_0000_0000,
    }
}

/// The bits of a quiet NaN LLVM's folder makes (positive, no payload).
fn default_nan(ty: &LTy) -> u64 {
    match ty {
        LTy::Float => 0x7fc0_0000,
        _ => 0x7ff8_0000_0000_0000,
    }
}

/// `lhs <op> rhs` of float constants (`float` and `double`), with LLVM's
/// identities (`x + -0.0`, `x * 1.0`, `x - 0.0`, `x / 1.0`) and its rules
/// for `undef` (a NaN unless both are undef).
pub(crate) fn float_binop(op: &str, ty: &LTy, lhs: &Const, rhs: &Const) -> Option<Const> {
    if !matches!(ty, LTy::Float | LTy::Double) {
        return None;
    }
    let bits_of = |v: f64| Const::Float(float_bits(ty, v));
    let both_sides = match op {
        "fadd" => Some(bits_of(-0.0)),
        "fmul" => Some(bits_of(1.0)),
        _ => None,
    };
    if let Some(id) = both_sides {
        if *lhs == id {
            return Some(rhs.clone());
        }
        if *rhs == id {
            return Some(lhs.clone());
        }
    }
    let right = match op {
        "fsub" => Some(bits_of(0.0)),
        "fdiv" => Some(bits_of(1.0)),
        _ => None,
    };
    if right.is_some_and(|id| *rhs == id) {
        return Some(lhs.clone());
    }
    if *lhs == Const::Poison || *rhs == Const::Poison {
        return Some(Const::Poison);
    }
    if *lhs == Const::Undef || *rhs == Const::Undef {
        if op == "fsub" && *lhs == bits_of(-0.0) && *rhs == Const::Undef {
            return Some(Const::Undef);
        }
        if *lhs == Const::Undef && *rhs == Const::Undef {
            return Some(Const::Undef);
        }
        return Some(Const::Float(default_nan(ty)));
    }
    let (Const::Float(a), Const::Float(b)) = (lhs, rhs) else {
        return None;
    };
    let (x, y) = (float_value(ty, *a)?, float_value(ty, *b)?);
    if x.is_nan() || y.is_nan() {
        // LLVM's folder answers the first NaN operand, quieted, with its
        // sign and payload (as `mlir-translate-22` folds every binop).
        let nan = if x.is_nan() { *a } else { *b };
        return Some(Const::Float(nan | quiet_bit(ty)));
    }
    let r = match ty {
        LTy::Float => {
            let (x, y) = (x as f32, y as f32);
            f64::from(match op {
                "fadd" => x + y,
                "fsub" => x - y,
                "fmul" => x * y,
                "fdiv" => x / y,
                "frem" => x % y,
                _ => return None,
            })
        }
        _ => match op {
            "fadd" => x + y,
            "fsub" => x - y,
            "fmul" => x * y,
            "fdiv" => x / y,
            "frem" => x % y,
            _ => return None,
        },
    };
    if r.is_nan() {
        return Some(Const::Float(default_nan(ty)));
    }
    Some(Const::Float(float_bits(ty, r)))
}

/// An integer comparison of constants.
pub(crate) fn icmp(pred: &str, width: u32, lhs: &Const, rhs: &Const) -> Option<Const> {
    if *lhs == Const::Poison || *rhs == Const::Poison {
        return Some(Const::Poison);
    }
    if *lhs == Const::Undef || *rhs == Const::Undef {
        // Equality, or undef against itself, can go either way: undef.
        // Otherwise undef is taken equal to the other operand.
        if matches!(pred, "eq" | "ne") || lhs == rhs {
            return Some(Const::Undef);
        }
        let true_when_equal = matches!(pred, "uge" | "ule" | "sge" | "sle");
        return Some(Const::Int(u128::from(true_when_equal)));
    }
    let (Const::Int(a), Const::Int(b)) = (lhs, rhs) else {
        return None;
    };
    let (sa, sb) = (signed(width, *a), signed(width, *b));
    let r = match pred {
        "eq" => a == b,
        "ne" => a != b,
        "ult" => a < b,
        "ule" => a <= b,
        "ugt" => a > b,
        "uge" => a >= b,
        "slt" => sa < sb,
        "sle" => sa <= sb,
        "sgt" => sa > sb,
        "sge" => sa >= sb,
        _ => return None,
    };
    Some(Const::Int(u128::from(r)))
}

/// A float comparison of constants.
pub(crate) fn fcmp(pred: &str, ty: &LTy, lhs: &Const, rhs: &Const) -> Option<Const> {
    match pred {
        "_false" => return Some(Const::Int(0)),
        "_true" => return Some(Const::Int(1)),
        _ => {}
    }
    if *lhs == Const::Poison || *rhs == Const::Poison {
        return Some(Const::Poison);
    }
    if *lhs == Const::Undef || *rhs == Const::Undef {
        // Undef is taken as a NaN: unordered predicates hold.
        return Some(Const::Int(u128::from(pred.starts_with('u'))));
    }
    let (Const::Float(a), Const::Float(b)) = (lhs, rhs) else {
        return None;
    };
    let (x, y) = (float_value(ty, *a)?, float_value(ty, *b)?);
    let unordered = x.is_nan() || y.is_nan();
    let ordered_result = |f: fn(f64, f64) -> bool| !unordered && f(x, y);
    let unordered_result = |f: fn(f64, f64) -> bool| unordered || f(x, y);
    let r = match pred {
        "_false" => false,
        "_true" => true,
        "oeq" => ordered_result(|x, y| x == y),
        "ogt" => ordered_result(|x, y| x > y),
        "oge" => ordered_result(|x, y| x >= y),
        "olt" => ordered_result(|x, y| x < y),
        "ole" => ordered_result(|x, y| x <= y),
        "one" => ordered_result(|x, y| x != y),
        "ord" => !unordered,
        "ueq" => unordered_result(|x, y| x == y),
        "ugt" => unordered_result(|x, y| x > y),
        "uge" => unordered_result(|x, y| x >= y),
        "ult" => unordered_result(|x, y| x < y),
        "ule" => unordered_result(|x, y| x <= y),
        "une" => unordered_result(|x, y| x != y),
        "uno" => unordered,
        _ => return None,
    };
    Some(Const::Int(u128::from(r)))
}

/// The constant expression of the pointer at integer address `address`
/// (a getelementptr of `null` folded).
pub(crate) fn int_to_ptr_text(address: i128) -> String {
    format!("inttoptr (i64 {address} to ptr)")
}

/// The address of an [`int_to_ptr_text`] expression.
fn int_to_ptr_value(expr: &str) -> Option<i128> {
    expr.strip_prefix("inttoptr (i64 ")?
        .strip_suffix(" to ptr)")?
        .parse()
        .ok()
}

/// A cast of a constant.
pub(crate) fn cast(op: &str, from: &LTy, to: &LTy, c: &Const) -> Option<Const> {
    if *c == Const::Poison {
        return Some(Const::Poison);
    }
    if *c == Const::Undef {
        // Extensions and int-to-float casts of undef are 0 (their results
        // are bounded); the rest stay undef.
        return Some(match op {
            "zext" | "sext" | "uitofp" | "sitofp" => match to {
                LTy::Int(_) => Const::Int(0),
                _ => Const::Float(0),
            },
            _ => Const::Undef,
        });
    }
    match (op, from, to, c) {
        ("trunc", _, LTy::Int(w), Const::Int(v)) => Some(Const::Int(mask(*w, *v))),
        ("zext", _, LTy::Int(w), Const::Int(v)) => Some(Const::Int(mask(*w, *v))),
        ("sext", LTy::Int(fw), LTy::Int(w), Const::Int(v)) => {
            Some(Const::Int(mask(*w, signed(*fw, *v) as u128)))
        }
        ("sitofp", LTy::Int(fw), _, Const::Int(v)) if *fw <= 64 => {
            let x = signed(*fw, *v);
            Some(Const::Float(match to {
                LTy::Float => u64::from((x as f32).to_bits()),
                LTy::Double => (x as f64).to_bits(),
                _ => return None,
            }))
        }
        ("uitofp", LTy::Int(fw), _, Const::Int(v)) if *fw <= 64 => Some(Const::Float(match to {
            LTy::Float => u64::from((*v as f32).to_bits()),
            LTy::Double => (*v as f64).to_bits(),
            _ => return None,
        })),
        ("fptosi" | "fptoui", _, LTy::Int(w), Const::Float(bits)) if *w <= 64 => {
            let x = float_value(from, *bits)?.trunc();
            let (lo, hi) = if op == "fptosi" {
                (-(2f64.powi(*w as i32 - 1)), 2f64.powi(*w as i32 - 1))
            } else {
                (0.0, 2f64.powi(*w as i32))
            };
            if x.is_nan() || x < lo || x >= hi {
                return Some(Const::Poison);
            }
            Some(Const::Int(mask(*w, x as i128 as u128)))
        }
        ("fpext" | "fptrunc", _, _, Const::Float(bits)) => {
            let x = float_value(from, *bits)?;
            if x.is_nan() {
                return None;
            }
            if !matches!(to, LTy::Float | LTy::Double) {
                return None;
            }
            Some(Const::Float(float_bits(to, x)))
        }
        ("ptrtoint", _, LTy::Int(w), Const::Null) if *w <= 128 => Some(Const::Int(0)),
        ("ptrtoint", _, LTy::Int(w), Const::Expr(e))
            if *w <= 128 && int_to_ptr_value(e).is_some() =>
        {
            let address = int_to_ptr_value(e)?;
            Some(Const::Int(mask(*w, address as u128)))
        }
        // An address LLVM cannot fold stays a constant expression.
        ("ptrtoint", LTy::Ptr(_), LTy::Int(_), c) if crate::aliases::is_symbolic_address(c) => {
            Some(Const::Expr(format!(
                "ptrtoint ({from} {} to {to})",
                crate::constants::const_text(from, c)
            )))
        }
        ("bitcast", LTy::Int(_), LTy::Double | LTy::Float, Const::Int(v)) => {
            Some(Const::Float(*v as u64))
        }
        ("bitcast", LTy::Double | LTy::Float, LTy::Int(_), Const::Float(bits)) => {
            Some(Const::Int(u128::from(*bits)))
        }
        _ => None,
    }
}

/// Whether a constant is a symbolic one LLVM cannot fold further: an
/// address or a constant expression.
fn is_symbolic(c: &Const) -> bool {
    matches!(c, Const::Global(_) | Const::Expr(_))
}

/// The constant expression LLVM 22's `IRBuilder` makes of a binary op on
/// integer constants it cannot fold, one of them symbolic: only `add`,
/// `sub` and `xor` are still constant expressions (`ConstantExpr::
/// isDesirableBinOp`). The op's overflow flags are not kept: the
/// translation sets them on instructions only.
pub(crate) fn binop_expr(op: &str, ty: &LTy, lhs: &Const, rhs: &Const) -> Option<Const> {
    if !matches!(op, "add" | "sub" | "xor") || !matches!(ty, LTy::Int(_)) {
        return None;
    }
    if !(is_symbolic(lhs) || is_symbolic(rhs)) {
        return None;
    }
    let (a, b) = (const_text(ty, lhs), const_text(ty, rhs));
    Some(Const::Expr(format!("{op} ({ty} {a}, {ty} {b})")))
}

/// The constant expression of a cast of a symbolic constant (or of an
/// integer to a pointer, or of `null` to another address space) that
/// LLVM 22 keeps as one: `trunc`, `ptrtoint`,
/// `inttoptr`, `bitcast` and `addrspacecast` (`ConstantExpr::
/// isDesirableCastOp`); the other casts become instructions.
pub(crate) fn cast_expr(op: &str, from: &LTy, to: &LTy, c: &Const) -> Option<Const> {
    let desirable = matches!(
        op,
        "trunc" | "ptrtoint" | "inttoptr" | "bitcast" | "addrspacecast"
    );
    let castable = is_symbolic(c)
        || (op == "inttoptr" && matches!(c, Const::Int(_)))
        || (op == "addrspacecast" && *c == Const::Null);
    let vector = |t: &LTy| matches!(t, LTy::Vector(..) | LTy::ScalableVector(..));
    if !desirable || !castable || vector(from) || vector(to) {
        return None;
    }
    if op == "inttoptr" && *c == Const::Int(0) {
        return Some(Const::Null);
    }
    if op == "bitcast" && from == to {
        return Some(c.clone());
    }
    Some(Const::Expr(format!(
        "{op} ({from} {} to {to})",
        const_text(from, c)
    )))
}

/// `select` of three constants.
pub(crate) fn select(cond: &Const, on_true: &Const, on_false: &Const) -> Option<Const> {
    match cond {
        Const::Int(c) => Some(if c & 1 == 1 { on_true } else { on_false }.clone()),
        Const::Poison => Some(Const::Poison),
        Const::Undef if *on_true == Const::Undef => Some(Const::Undef),
        Const::Undef => Some(on_false.clone()),
        _ => None,
    }
}
