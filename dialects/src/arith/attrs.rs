//! The arith dialect's enum attributes, `#arith.fastmath<...>` and
//! `#arith.overflow<...>` (the spec's `Arith_FastMathAttr` and
//! `Arith_IntegerOverflowAttr`). Attribute definitions are not generated
//! yet, so these are written by hand in the shape the generated ops call:
//! `get` makes the attribute, `value` reads it, and
//! [`AttrDefKind`] recognises it.
//!
//! In the IR they are dialect attributes kept as text (`arith` + body
//! `fastmath<nnan,ninf>`), which prints exactly as `mlir-opt` prints them.

use super::{FastMathFlags, IntegerOverflowFlags};
use ir::{AttrKind, Attribute, Context};
use ods_runtime::pred::AttrDefKind;

/// `#arith.<mnemonic><text>` as a dialect attribute.
fn make(ctx: &mut Context, mnemonic: &str, text: &str) -> Attribute {
    let dialect = ctx.ident("arith");
    let body = format!("{mnemonic}<{text}>")
        .into_bytes()
        .into_boxed_slice();
    ctx.intern_attr(AttrKind::Dialect {
        dialect,
        body,
        ty: None,
    })
}

/// The text between `<` and `>` of `#arith.<mnemonic><...>`.
fn body<'c>(ctx: &'c Context, attr: Attribute, mnemonic: &str) -> Option<&'c str> {
    let AttrKind::Dialect {
        dialect,
        body,
        ty: None,
    } = ctx.attr_kind(attr)
    else {
        return None;
    };
    if ctx.str(*dialect) != "arith" {
        return None;
    }
    let text = std::str::from_utf8(body).ok()?;
    text.strip_prefix(mnemonic)?
        .strip_prefix('<')?
        .strip_suffix('>')
        .map(str::trim)
}

/// `#arith.fastmath<flags>`.
pub struct FastMathFlagsAttr;

impl FastMathFlagsAttr {
    /// The attribute holding `flags`.
    pub fn get(ctx: &mut Context, flags: FastMathFlags) -> Attribute {
        make(ctx, "fastmath", &flags.to_string())
    }

    /// The flags `attr` holds (none when it is no fast-math attribute; the
    /// verifier rejects those first).
    pub fn value(ctx: &Context, attr: Attribute) -> FastMathFlags {
        Self::parse(ctx, attr).unwrap_or(FastMathFlags::NONE)
    }

    fn parse(ctx: &Context, attr: Attribute) -> Option<FastMathFlags> {
        body(ctx, attr, "fastmath")?.parse().ok()
    }
}

impl AttrDefKind for FastMathFlagsAttr {
    fn matches(ctx: &Context, attr: Attribute) -> bool {
        Self::parse(ctx, attr).is_some()
    }
}

/// `#arith.overflow<flags>`.
pub struct IntegerOverflowFlagsAttr;

impl IntegerOverflowFlagsAttr {
    /// The attribute holding `flags`.
    pub fn get(ctx: &mut Context, flags: IntegerOverflowFlags) -> Attribute {
        make(ctx, "overflow", &flags.to_string())
    }

    /// The flags `attr` holds (none when it is no overflow attribute; the
    /// verifier rejects those first).
    pub fn value(ctx: &Context, attr: Attribute) -> IntegerOverflowFlags {
        Self::parse(ctx, attr).unwrap_or(IntegerOverflowFlags::NONE)
    }

    fn parse(ctx: &Context, attr: Attribute) -> Option<IntegerOverflowFlags> {
        body(ctx, attr, "overflow")?.parse().ok()
    }
}

impl AttrDefKind for IntegerOverflowFlagsAttr {
    fn matches(ctx: &Context, attr: Attribute) -> bool {
        Self::parse(ctx, attr).is_some()
    }
}
