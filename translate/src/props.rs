//! Reading an op's attributes and properties as the translation needs
//! them: integers, strings, symbol names, the LLVM dialect's enums and
//! flags, and the words LLVM prints for the flags.

use dialect_llvm::{FastmathFlags, FastmathFlagsAttr, GEPNoWrapFlags, IntegerOverflowFlags};
use ir::attributes::IntValue;
use ir::{AttrKind, Attribute, Context, Ir, OpId};
use ods_runtime::prop::PropValue;

/// The inherent attribute (property) or discardable attribute `name`.
pub(crate) fn attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Attribute> {
    ods_runtime::op::inherent_attr(ctx, ir, op, name)
}

/// An integer attribute's value (an enum's case number, an alignment).
pub(crate) fn int_of(ctx: &Context, a: Attribute) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer {
            value: IntValue::Small(v),
            ..
        } => Some(*v),
        _ => None,
    }
}

pub(crate) fn int_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<i128> {
    attr(ctx, ir, op, name).and_then(|a| int_of(ctx, a))
}

/// Whether a unit or `true` attribute is present.
pub(crate) fn flag(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> bool {
    attr(ctx, ir, op, name).is_some_and(|a| match ctx.attr_kind(a) {
        AttrKind::Unit => true,
        AttrKind::Integer { .. } => int_of(ctx, a) != Some(0),
        _ => false,
    })
}

/// Whether an attribute says something: not `false`/0, not an empty
/// array or dense array.
pub(crate) fn is_set(ctx: &Context, a: Attribute) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::Integer { .. } => int_of(ctx, a) != Some(0),
        AttrKind::Array(items) => !items.is_empty(),
        AttrKind::DenseArray { data, .. } => data.iter().any(|b| *b != 0),
        _ => true,
    }
}

/// The first property of `op` outside `known` that is set: what the
/// translation would otherwise drop.
pub(crate) fn unknown_prop(ctx: &Context, ir: &Ir, op: OpId, known: &[&str]) -> Option<String> {
    let props = ir.props(op)?;
    dict_of(ctx, props)
        .into_iter()
        .find(|(name, value)| !known.contains(&name.as_str()) && is_set(ctx, *value))
        .map(|(name, _)| name)
}

/// A string attribute's text.
pub(crate) fn str_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

/// The root name of a symbol reference attribute.
pub(crate) fn symbol_of(ctx: &Context, a: Attribute) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}

/// The i32/i64 elements of a dense array attribute (`array<i32: 0, 2>`).
pub(crate) fn dense_array(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    let AttrKind::DenseArray { elem, data } = ctx.attr_kind(a) else {
        return None;
    };
    let width = match ctx.type_kind(*elem) {
        ir::TypeKind::Integer { width, .. } => *width,
        _ => return None,
    };
    let bytes = (width as usize).div_ceil(8).max(1);
    if bytes > 8 {
        return None;
    }
    Some(
        data.chunks(bytes)
            .map(|c| {
                let mut v: i64 = 0;
                for (i, b) in c.iter().enumerate() {
                    v |= i64::from(*b) << (8 * i);
                }
                let shift = 64 - 8 * bytes as u32;
                (v << shift) >> shift
            })
            .collect(),
    )
}

/// The elements of an array attribute.
pub(crate) fn array_of(ctx: &Context, a: Attribute) -> Option<&[Attribute]> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => Some(items),
        _ => None,
    }
}

/// The entries of a dictionary attribute as (name, value).
pub(crate) fn dict_of(ctx: &Context, a: Attribute) -> Vec<(String, Attribute)> {
    match ctx.attr_kind(a) {
        AttrKind::Dictionary(entries) => entries
            .iter()
            .map(|e| (ctx.str(e.name).to_string(), e.value))
            .collect(),
        _ => Vec::new(),
    }
}

/// `nuw nsw ` (LLVM's order), or nothing.
pub(crate) fn overflow_words(ctx: &Context, ir: &Ir, op: OpId) -> String {
    let Some(flags) = attr(ctx, ir, op, "overflowFlags")
        .and_then(|a| <IntegerOverflowFlags as PropValue>::from_attr(ctx, a))
    else {
        return String::new();
    };
    let mut s = String::new();
    if flags.contains_all(IntegerOverflowFlags::NUW) && !flags.is_empty() {
        s.push_str("nuw ");
    }
    if flags.contains_all(IntegerOverflowFlags::NSW) && !flags.is_empty() {
        s.push_str("nsw ");
    }
    s
}

/// The fast-math flags in LLVM's words (`fast `, `nnan ninf `).
pub(crate) fn fastmath_words(ctx: &Context, ir: &Ir, op: OpId) -> String {
    let Some(flags) =
        attr(ctx, ir, op, "fastmathFlags").and_then(|a| FastmathFlagsAttr::try_value(ctx, a))
    else {
        return String::new();
    };
    if flags.is_empty() {
        return String::new();
    }
    if flags.contains_all(FastmathFlags::FAST) {
        return "fast ".to_string();
    }
    let mut s = String::new();
    for (bit, word) in [
        (FastmathFlags::REASSOC, "reassoc"),
        (FastmathFlags::NNAN, "nnan"),
        (FastmathFlags::NINF, "ninf"),
        (FastmathFlags::NSZ, "nsz"),
        (FastmathFlags::ARCP, "arcp"),
        (FastmathFlags::CONTRACT, "contract"),
        (FastmathFlags::AFN, "afn"),
    ] {
        if flags.contains_all(bit) {
            s.push_str(word);
            s.push(' ');
        }
    }
    s
}

/// A getelementptr's flags: (inbounds, nusw, nuw).
pub(crate) fn gep_flags(ctx: &Context, ir: &Ir, op: OpId) -> (bool, bool, bool) {
    let flags = attr(ctx, ir, op, "noWrapFlags")
        .and_then(|a| <GEPNoWrapFlags as PropValue>::from_attr(ctx, a))
        .unwrap_or(GEPNoWrapFlags::NONE);
    let inbounds = flags.contains_all(GEPNoWrapFlags::INBOUNDS_FLAG) && !flags.is_empty()
        || flag(ctx, ir, op, "inbounds");
    let nusw = flags.contains_all(GEPNoWrapFlags::NUSW) && !flags.is_empty();
    let nuw = flags.contains_all(GEPNoWrapFlags::NUW) && !flags.is_empty();
    (inbounds, nusw || inbounds, nuw)
}

/// The keyword of a `#llvm.cconv<...>` attribute (`ccc`).
pub(crate) fn cconv_of(ctx: &Context, a: Attribute) -> Option<&'static str> {
    dialect_llvm::CConvAttr::from_attr(ctx, a).map(|c| c.calling_conv(ctx).as_str())
}

/// The keyword of a `#llvm.tailcallkind<...>` attribute (`tail`).
pub(crate) fn tail_call_kind_of(ctx: &Context, a: Attribute) -> Option<&'static str> {
    dialect_llvm::TailCallKindAttr::from_attr(ctx, a).map(|c| c.tail_call_kind(ctx).as_str())
}
