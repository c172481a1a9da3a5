//! LLVM IR values as the translation builds them: constants (which LLVM
//! uniques and prints inline, `i32 7`, `ptr @g`, `{ i32 7, double undef }`)
//! and the function's own values (arguments and instructions, numbered
//! when the function prints).

use std::fmt::Write as _;

use crate::float_text::float_text;
use crate::types::LTy;

/// A function-local value: an argument or an instruction's result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Local {
    Arg(usize),
    Inst(usize),
}

/// A constant.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Const {
    /// An integer's bits (masked to its width).
    Int(u128),
    /// A float's bits in its own format.
    Float(u64),
    /// `null`: the zero pointer.
    Null,
    Undef,
    Poison,
    /// `zeroinitializer`: a zero aggregate or vector.
    Zero,
    /// `@name`: a global or function.
    Global(String),
    /// The elements of an array, struct or vector.
    Aggregate(Vec<Val>),
    /// A constant expression, written out (`getelementptr (i8, ptr @g, i64 4)`).
    Expr(String),
}

/// What a value is.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ValKind {
    Const(Const),
    Local(Local),
}

/// A value with its type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Val {
    pub ty: LTy,
    pub kind: ValKind,
}

impl Val {
    pub(crate) fn constant(ty: LTy, c: Const) -> Val {
        Val {
            ty,
            kind: ValKind::Const(normalize(c)),
        }
    }

    pub(crate) fn as_const(&self) -> Option<&Const> {
        match &self.kind {
            ValKind::Const(c) => Some(c),
            ValKind::Local(_) => None,
        }
    }

    /// The integer bits of an integer constant.
    pub(crate) fn as_int(&self) -> Option<u128> {
        match self.as_const()? {
            Const::Int(v) => Some(*v),
            _ => None,
        }
    }
}

/// LLVM's uniquing of aggregates: all elements zero is
/// `zeroinitializer`, all undef is `undef`, all poison is `poison`.
fn normalize(c: Const) -> Const {
    let Const::Aggregate(items) = &c else {
        return c;
    };
    if items.is_empty() {
        return Const::Zero;
    }
    let all = |f: &dyn Fn(&Const) -> bool| items.iter().all(|v| v.as_const().is_some_and(f));
    if all(&is_null) {
        Const::Zero
    } else if all(&|c| *c == Const::Poison) {
        Const::Poison
    } else if all(&|c| *c == Const::Undef) {
        Const::Undef
    } else {
        c
    }
}

/// Is this constant the zero of its type?
fn is_null(c: &Const) -> bool {
    match c {
        Const::Int(0) | Const::Null | Const::Zero => true,
        // Positive zero only: -0.0 is not null.
        Const::Float(bits) => *bits == 0,
        _ => false,
    }
}

/// The zero value of a type (`llvm.mlir.zero`).
pub(crate) fn zero_of(ty: &LTy) -> Const {
    match ty {
        LTy::Int(_) => Const::Int(0),
        LTy::Half | LTy::BFloat | LTy::Float | LTy::Double => Const::Float(0),
        LTy::Ptr(_) => Const::Null,
        _ => Const::Zero,
    }
}

/// The masked bits of `value` in an integer of `width` bits.
pub(crate) fn mask(width: u32, value: u128) -> u128 {
    if width >= 128 {
        value
    } else {
        value & ((1u128 << width) - 1)
    }
}

/// The signed value of `bits` in an integer of `width` bits.
pub(crate) fn signed(width: u32, bits: u128) -> i128 {
    if width == 0 || width >= 128 {
        return bits as i128;
    }
    let shift = 128 - width;
    ((bits << shift) as i128) >> shift
}

/// A constant's text without its type (`7`, `true`, `null`, `@g`).
pub(crate) fn const_text(ty: &LTy, c: &Const) -> String {
    let mut out = String::new();
    write_const(&mut out, ty, c);
    out
}

/// Writes [`const_text`] to `out`.
pub(crate) fn write_const(out: &mut String, ty: &LTy, c: &Const) {
    match c {
        Const::Int(v) => match ty.scalar() {
            LTy::Int(1) => out.push_str(if *v & 1 == 1 { "true" } else { "false" }),
            LTy::Int(w) => {
                let v = signed(*w, *v);
                // i128's formatting is slow; most constants fit an i64.
                let _ = match i64::try_from(v) {
                    Ok(small) => write!(out, "{small}"),
                    Err(_) => write!(out, "{v}"),
                };
            }
            _ => {
                let _ = write!(out, "{v}");
            }
        },
        Const::Float(bits) => out.push_str(&float_text(ty.scalar(), *bits)),
        Const::Null => out.push_str("null"),
        Const::Undef => out.push_str("undef"),
        Const::Poison => out.push_str("poison"),
        Const::Zero => out.push_str("zeroinitializer"),
        Const::Global(name) => {
            out.push('@');
            out.push_str(&symbol_name(name));
        }
        Const::Expr(text) => out.push_str(text),
        Const::Aggregate(items) => out.push_str(&aggregate_text(ty, items)),
    }
}

fn aggregate_text(ty: &LTy, items: &[Val]) -> String {
    let list = |items: &[Val]| {
        items
            .iter()
            .map(typed_const_text)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match ty {
        LTy::Array(_, e) if **e == LTy::Int(8) && items.iter().all(|v| v.as_int().is_some()) => {
            let bytes: Vec<u8> = items
                .iter()
                .filter_map(|v| v.as_int())
                .map(|b| b as u8)
                .collect();
            format!("c\"{}\"", escape_bytes(&bytes))
        }
        LTy::Array(..) => format!("[{}]", list(items)),
        LTy::Vector(_, e) => match splat_scalar(items) {
            // LLVM's shorthand for a vector of one integer or float.
            Some(c) => format!("splat ({e} {})", const_text(e, c)),
            None => format!("<{}>", list(items)),
        },
        LTy::Struct { packed: true, .. } => format!("<{{ {} }}>", list(items)),
        _ => format!("{{ {} }}", list(items)),
    }
}

/// The one integer or float all of a vector's elements are, if so.
fn splat_scalar(items: &[Val]) -> Option<&Const> {
    let first = items.first()?.as_const()?;
    if !matches!(first, Const::Int(_) | Const::Float(_)) {
        return None;
    }
    items
        .iter()
        .all(|v| v.as_const() == Some(first))
        .then_some(first)
}

/// `i32 7`: a constant with its type.
pub(crate) fn typed_const_text(v: &Val) -> String {
    match v.as_const() {
        Some(c) => format!("{} {}", v.ty, const_text(&v.ty, c)),
        None => format!("{} <badref>", v.ty),
    }
}

/// Bytes as LLVM writes them in `c"..."` and quoted names: printable
/// ASCII as is, `\` doubled, `"` and the rest as `\XX`.
pub(crate) fn escape_bytes(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if b == b'\\' {
            s.push_str("\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:02X}"));
        }
    }
    s
}

/// A global's name after `@`: as is when LLVM's lexer reads it bare
/// (`[-a-zA-Z$._][-a-zA-Z$._0-9]*`), else quoted.
pub(crate) fn symbol_name(name: &str) -> String {
    let bare = |c: char| c.is_ascii_alphanumeric() || "-$._".contains(c);
    let starts_well = name.chars().next().is_some_and(|c| !c.is_ascii_digit());
    if !name.is_empty() && starts_well && name.chars().all(bare) {
        name.to_string()
    } else {
        format!("\"{}\"", escape_bytes(name.as_bytes()))
    }
}
