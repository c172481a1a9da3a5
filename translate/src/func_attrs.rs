//! `llvm.func`'s function attributes as `mlir-translate-22` sets them:
//! the unit properties (`no_inline` is `noinline`), `memory_effects`
//! (`memory(read, argmem: none)`), `frame_pointer` and `uwtable_kind`,
//! the `passthrough` list (LLVM attribute keywords, with a value or
//! not, and `"key"="value"` strings), and on definitions only the
//! `arm_*` properties (`"aarch64_pstate_sm_enabled"`, ...), as upstream's
//! `convertFunctionAttributes`, `forwardPassthroughAttributes` and
//! `convertOneFunction` do.
//!
//! What LLVM's verifier refuses of a passthrough attribute (one that does
//! not apply to functions) and the kinds whose values LLVM keeps encoded
//! in ways not ported here (`allockind`) are refused with a plain error.

use dialect_llvm::{FramePointerKindAttr, MemoryEffectsAttr, UWTableKind, UWTableKindAttr};
use ir::{AttrKind, Attribute, Context, Ir, OpId};

use crate::attributes::FnAttrs;
use crate::module::TranslateError;
use crate::props::{self, attr};

/// The kind of value an LLVM attribute takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// None (`noinline`).
    Enum,
    /// A type (`byval(i32)`).
    Type,
    /// An integer (`alignstack=4`, `memory(none)`).
    Int,
    /// A constant range or a list of them (`range(i32 0, 4)`).
    Range,
}

/// LLVM 22's attribute keywords (`Attributes.td`), sorted: each with its
/// `Attribute::` kind name, its class and whether it applies to
/// functions.
const LLVM_ATTRS: &[(&str, &str, Class, bool)] = &[
    ("align", "Alignment", Class::Int, false),
    ("alignstack", "StackAlignment", Class::Int, true),
    ("allocalign", "AllocAlign", Class::Enum, false),
    ("allockind", "AllocKind", Class::Int, true),
    ("allocptr", "AllocatedPointer", Class::Enum, false),
    ("allocsize", "AllocSize", Class::Int, true),
    ("alwaysinline", "AlwaysInline", Class::Enum, true),
    ("builtin", "Builtin", Class::Enum, true),
    ("byref", "ByRef", Class::Type, false),
    ("byval", "ByVal", Class::Type, false),
    ("captures", "Captures", Class::Int, false),
    ("cold", "Cold", Class::Enum, true),
    ("convergent", "Convergent", Class::Enum, true),
    ("coro_elide_safe", "CoroElideSafe", Class::Enum, true),
    (
        "coro_only_destroy_when_complete",
        "CoroDestroyOnlyWhenComplete",
        Class::Enum,
        true,
    ),
    ("dead_on_return", "DeadOnReturn", Class::Enum, false),
    ("dead_on_unwind", "DeadOnUnwind", Class::Enum, false),
    ("dereferenceable", "Dereferenceable", Class::Int, false),
    (
        "dereferenceable_or_null",
        "DereferenceableOrNull",
        Class::Int,
        false,
    ),
    (
        "disable_sanitizer_instrumentation",
        "DisableSanitizerInstrumentation",
        Class::Enum,
        true,
    ),
    ("elementtype", "ElementType", Class::Type, false),
    ("fn_ret_thunk_extern", "FnRetThunkExtern", Class::Enum, true),
    ("hot", "Hot", Class::Enum, true),
    ("hybrid_patchable", "HybridPatchable", Class::Enum, true),
    ("immarg", "ImmArg", Class::Enum, false),
    ("inalloca", "InAlloca", Class::Type, false),
    ("initializes", "Initializes", Class::Range, false),
    ("inlinehint", "InlineHint", Class::Enum, true),
    ("inreg", "InReg", Class::Enum, false),
    ("jumptable", "JumpTable", Class::Enum, true),
    ("memory", "Memory", Class::Int, true),
    ("minsize", "MinSize", Class::Enum, true),
    ("mustprogress", "MustProgress", Class::Enum, true),
    ("naked", "Naked", Class::Enum, true),
    ("nest", "Nest", Class::Enum, false),
    ("noalias", "NoAlias", Class::Enum, false),
    ("nobuiltin", "NoBuiltin", Class::Enum, true),
    ("nocallback", "NoCallback", Class::Enum, true),
    ("nocf_check", "NoCfCheck", Class::Enum, true),
    (
        "nocreateundeforpoison",
        "NoCreateUndefOrPoison",
        Class::Enum,
        true,
    ),
    (
        "nodivergencesource",
        "NoDivergenceSource",
        Class::Enum,
        true,
    ),
    ("noduplicate", "NoDuplicate", Class::Enum, true),
    ("noext", "NoExt", Class::Enum, false),
    ("nofpclass", "NoFPClass", Class::Int, false),
    ("nofree", "NoFree", Class::Enum, true),
    ("noimplicitfloat", "NoImplicitFloat", Class::Enum, true),
    ("noinline", "NoInline", Class::Enum, true),
    ("nomerge", "NoMerge", Class::Enum, true),
    ("nonlazybind", "NonLazyBind", Class::Enum, true),
    ("nonnull", "NonNull", Class::Enum, false),
    ("noprofile", "NoProfile", Class::Enum, true),
    ("norecurse", "NoRecurse", Class::Enum, true),
    ("noredzone", "NoRedZone", Class::Enum, true),
    ("noreturn", "NoReturn", Class::Enum, true),
    ("nosanitize_bounds", "NoSanitizeBounds", Class::Enum, true),
    (
        "nosanitize_coverage",
        "NoSanitizeCoverage",
        Class::Enum,
        true,
    ),
    ("nosync", "NoSync", Class::Enum, true),
    ("noundef", "NoUndef", Class::Enum, false),
    ("nounwind", "NoUnwind", Class::Enum, true),
    (
        "null_pointer_is_valid",
        "NullPointerIsValid",
        Class::Enum,
        true,
    ),
    ("optdebug", "OptimizeForDebugging", Class::Enum, true),
    ("optforfuzzing", "OptForFuzzing", Class::Enum, true),
    ("optnone", "OptimizeNone", Class::Enum, true),
    ("optsize", "OptimizeForSize", Class::Enum, true),
    ("preallocated", "Preallocated", Class::Type, true),
    ("presplitcoroutine", "PresplitCoroutine", Class::Enum, true),
    ("range", "Range", Class::Range, false),
    ("readnone", "ReadNone", Class::Enum, false),
    ("readonly", "ReadOnly", Class::Enum, false),
    ("returned", "Returned", Class::Enum, false),
    ("returns_twice", "ReturnsTwice", Class::Enum, true),
    ("safestack", "SafeStack", Class::Enum, true),
    ("sanitize_address", "SanitizeAddress", Class::Enum, true),
    (
        "sanitize_alloc_token",
        "SanitizeAllocToken",
        Class::Enum,
        true,
    ),
    ("sanitize_hwaddress", "SanitizeHWAddress", Class::Enum, true),
    ("sanitize_memory", "SanitizeMemory", Class::Enum, true),
    ("sanitize_memtag", "SanitizeMemTag", Class::Enum, true),
    (
        "sanitize_numerical_stability",
        "SanitizeNumericalStability",
        Class::Enum,
        true,
    ),
    ("sanitize_realtime", "SanitizeRealtime", Class::Enum, true),
    (
        "sanitize_realtime_blocking",
        "SanitizeRealtimeBlocking",
        Class::Enum,
        true,
    ),
    ("sanitize_thread", "SanitizeThread", Class::Enum, true),
    ("sanitize_type", "SanitizeType", Class::Enum, true),
    ("shadowcallstack", "ShadowCallStack", Class::Enum, true),
    ("signext", "SExt", Class::Enum, false),
    ("skipprofile", "SkipProfile", Class::Enum, true),
    ("speculatable", "Speculatable", Class::Enum, true),
    (
        "speculative_load_hardening",
        "SpeculativeLoadHardening",
        Class::Enum,
        true,
    ),
    ("sret", "StructRet", Class::Type, false),
    ("ssp", "StackProtect", Class::Enum, true),
    ("sspreq", "StackProtectReq", Class::Enum, true),
    ("sspstrong", "StackProtectStrong", Class::Enum, true),
    ("strictfp", "StrictFP", Class::Enum, true),
    ("swiftasync", "SwiftAsync", Class::Enum, false),
    ("swifterror", "SwiftError", Class::Enum, false),
    ("swiftself", "SwiftSelf", Class::Enum, false),
    ("uwtable", "UWTable", Class::Int, true),
    ("vscale_range", "VScaleRange", Class::Int, true),
    ("willreturn", "WillReturn", Class::Enum, true),
    ("writable", "Writable", Class::Enum, false),
    ("writeonly", "WriteOnly", Class::Enum, false),
    ("zeroext", "ZExt", Class::Enum, false),
];

/// An LLVM attribute keyword's kind name, class and whether it applies
/// to functions.
pub(crate) fn llvm_attr(word: &str) -> Option<(&'static str, Class, bool)> {
    LLVM_ATTRS
        .binary_search_by(|(w, ..)| (*w).cmp(word))
        .ok()
        .map(|i| (LLVM_ATTRS[i].1, LLVM_ATTRS[i].2, LLVM_ATTRS[i].3))
}

/// The unit properties of `llvm.func` that are enum attributes.
const UNIT_PROPS: &[(&str, &str)] = &[
    ("no_inline", "noinline"),
    ("always_inline", "alwaysinline"),
    ("no_unwind", "nounwind"),
    ("will_return", "willreturn"),
    ("optimize_none", "optnone"),
    ("convergent", "convergent"),
    ("inline_hint", "inlinehint"),
];

/// The `arm_*` properties of a definition and their string attributes,
/// in two groups of which upstream sets the first one present.
const ARM_STREAMING: &[(&str, &str)] = &[
    ("arm_streaming", "aarch64_pstate_sm_enabled"),
    ("arm_locally_streaming", "aarch64_pstate_sm_body"),
    ("arm_streaming_compatible", "aarch64_pstate_sm_compatible"),
];
const ARM_ZA: &[(&str, &str)] = &[
    ("arm_new_za", "aarch64_new_za"),
    ("arm_in_za", "aarch64_in_za"),
    ("arm_out_za", "aarch64_out_za"),
    ("arm_inout_za", "aarch64_inout_za"),
    ("arm_preserves_za", "aarch64_preserves_za"),
];

/// Properties of `llvm.func` the translation writes elsewhere than the
/// attribute set (the others it does not know are refused rather than
/// dropped).
const KNOWN_FN_PROPS: &[&str] = &[
    "sym_name",
    "function_type",
    "linkage",
    "arg_attrs",
    "res_attrs",
    "passthrough",
    "CConv",
    "visibility_",
    "unnamed_addr",
    "dso_local",
    "sym_visibility",
    // Written after the attribute group (`crate::eh::personality_text`).
    "personality",
    "comdat",
    // `crate::target_attrs`.
    "vscale_range",
    "target_features",
    "vec_type_hint",
    // The `define` line's words and attachments (`crate::func_meta`).
    "section",
    "alignment",
    "garbageCollector",
    "function_entry_count",
    "work_group_size_hint",
    "reqd_work_group_size",
    "intel_reqd_sub_group_size",
];

/// A function's attribute set: its properties, `passthrough`, and a
/// definition's target attributes.
pub(crate) fn fn_attrs(ctx: &Context, ir: &Ir, op: OpId) -> Result<FnAttrs, TranslateError> {
    let mut a = FnAttrs::default();
    let definition = ir
        .regions(op)
        .first()
        .is_some_and(|r| !ir.region_is_empty(*r));
    if let Some(p) = ir.props(op) {
        for (name, value) in props::dict_of(ctx, p) {
            prop_attr(ctx, op, &name, value, &mut a)?;
        }
    }
    if let Some(list) = attr(ctx, ir, op, "passthrough") {
        passthrough(ctx, op, list, &mut a)?;
    }
    if definition {
        for group in [ARM_STREAMING, ARM_ZA] {
            if let Some((_, key)) = group.iter().find(|(n, _)| props::flag(ctx, ir, op, n)) {
                a.add_string(key, String::new());
            }
        }
    }
    crate::target_attrs::add_target_attrs(ctx, ir, op, &mut a)?;
    if let Some(why) = verifier_error(&a) {
        return Err(TranslateError::new(
            op,
            format!("cannot be converted to LLVM IR: {why}"),
        ));
    }
    Ok(a)
}

/// What LLVM's verifier says of a function's inlining and optimization
/// attributes, if anything (the dialect's verifier says it first of the
/// properties; a passthrough list reaches LLVM's).
fn verifier_error(a: &FnAttrs) -> Option<String> {
    let has = |w: &str| a.has_word(w);
    if has("noinline") && has("alwaysinline") {
        return Some("Attributes 'noinline and alwaysinline' are incompatible!".into());
    }
    if has("optnone") {
        if !has("noinline") {
            return Some("Attribute 'optnone' requires 'noinline'!".into());
        }
        for other in ["optsize", "minsize", "optdebug"] {
            if has(other) {
                return Some(format!(
                    "Attributes '{other} and optnone' are incompatible!"
                ));
            }
        }
    }
    None
}

/// The attribute of property `name`, if it is one; an error for a
/// property the translation does not know.
fn prop_attr(
    ctx: &Context,
    op: OpId,
    name: &str,
    value: Attribute,
    a: &mut FnAttrs,
) -> Result<(), TranslateError> {
    if crate::target_attrs::STRING_PROPS.contains(&name)
        || ARM_STREAMING.iter().chain(ARM_ZA).any(|(n, _)| *n == name)
    {
        return Ok(());
    }
    if let Some((_, word)) = UNIT_PROPS.iter().find(|(n, _)| *n == name) {
        a.add_word(word);
        return Ok(());
    }
    match name {
        "frame_pointer" => {
            let kind = FramePointerKindAttr::from_attr(ctx, value)
                .ok_or_else(|| TranslateError::failed(op))?;
            a.add_string(
                "frame-pointer",
                kind.frame_pointer_kind(ctx).as_str().into(),
            );
        }
        "uwtable_kind" => {
            let kind =
                UWTableKindAttr::from_attr(ctx, value).ok_or_else(|| TranslateError::failed(op))?;
            if let Some(text) = uwtable_text(kind.uwtable_kind(ctx).value()) {
                a.add_int("UWTable", text);
            }
        }
        "memory_effects" => {
            let m = MemoryEffectsAttr::from_attr(ctx, value)
                .ok_or_else(|| TranslateError::failed(op))?;
            // In the order of `MEMORY_LOCATIONS`.
            let effects = [
                m.arg_mem(ctx),
                m.inaccessible_mem(ctx),
                m.errno_mem(ctx),
                m.other(ctx),
                m.target_mem0(ctx),
                m.target_mem1(ctx),
            ];
            let bits = effects
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, mr)| acc | (mr.value() & 3) << (2 * i));
            a.add_int("Memory", memory_text(bits));
        }
        "CConv" if props::cconv_of(ctx, value) != Some("ccc") => {
            return Err(not_translated(op, name))
        }
        _ if !KNOWN_FN_PROPS.contains(&name) => return Err(not_translated(op, name)),
        _ => {}
    }
    Ok(())
}

fn not_translated(op: OpId, name: &str) -> TranslateError {
    TranslateError::new(
        op,
        format!("cannot be converted to LLVM IR: '{name}' on a function is not translated by ods-translate"),
    )
}

/// `uwtable` (asynchronous) or `uwtable(sync)`; none for no table.
fn uwtable_text(kind: u64) -> Option<String> {
    match kind {
        k if k == UWTableKind::Sync.value() => Some("uwtable(sync)".into()),
        k if k == UWTableKind::Async.value() => Some("uwtable".into()),
        _ => None,
    }
}

/// The memory locations in the order of LLVM's `IRMemLocation` (two bits
/// each in an encoded `memory(...)`), `None` for "other".
const MEMORY_LOCATIONS: [Option<&str>; 6] = [
    Some("argmem"),
    Some("inaccessiblemem"),
    Some("errnomem"),
    None,
    Some("target_mem0"),
    Some("target_mem1"),
];

/// `memory(...)` as LLVM prints the encoded effects: the access of
/// "other" first (when it is not `none`, or when it is every location's),
/// then each location whose access differs from it.
pub(crate) fn memory_text(bits: u64) -> String {
    const ACCESS: [&str; 4] = ["none", "read", "write", "readwrite"];
    let at = |i: usize| ((bits >> (2 * i)) & 3) as usize;
    let other = at(3);
    let all = (0..MEMORY_LOCATIONS.len()).fold(0, |acc, i| acc | at(i));
    let mut parts = Vec::new();
    if other != 0 || all == other {
        parts.push(ACCESS[other].to_string());
    }
    for (i, loc) in MEMORY_LOCATIONS.iter().enumerate() {
        if let Some(loc) = loc.filter(|_| at(i) != other) {
            parts.push(format!("{loc}: {}", ACCESS[at(i)]));
        }
    }
    format!("memory({})", parts.join(", "))
}

/// Adds the `passthrough` list's attributes: a keyword, or a pair of
/// strings (a keyword and its value, or any key and value).
fn passthrough(
    ctx: &Context,
    op: OpId,
    list: Attribute,
    a: &mut FnAttrs,
) -> Result<(), TranslateError> {
    let items = props::array_of(ctx, list).unwrap_or_default();
    for &item in items.iter() {
        let (key, value) = match ctx.attr_kind(item) {
            AttrKind::String { .. } => {
                (props::str_of(ctx, item).unwrap_or_default(), String::new())
            }
            AttrKind::Array(kv) if kv.len() == 2 => {
                match (props::str_of(ctx, kv[0]), props::str_of(ctx, kv[1])) {
                    (Some(k), Some(v)) => (k, v),
                    _ => {
                        return Err(TranslateError::plain(
                            op,
                            "expected arrays within 'passthrough' to contain two strings",
                        ))
                    }
                }
            }
            _ => {
                return Err(TranslateError::plain(
                    op,
                    "expected 'passthrough' to contain string or array attributes",
                ))
            }
        };
        add_passthrough(op, &key, &value, a)?;
    }
    Ok(())
}

/// One passthrough attribute, as upstream's `checkedAddLLVMFnAttribute`:
/// a key no LLVM keyword is a string attribute; an integer keyword needs
/// a value (one that is no integer makes a string attribute); any other
/// keyword takes none.
fn add_passthrough(
    op: OpId,
    key: &str,
    value: &str,
    a: &mut FnAttrs,
) -> Result<(), TranslateError> {
    let Some((kind, class, for_functions)) = llvm_attr(key) else {
        a.add_string(key, value.to_string());
        return Ok(());
    };
    let refuse = |why: String| {
        Err(TranslateError::plain(
            op,
            format!("cannot be converted to LLVM IR: {why}"),
        ))
    };
    if class != Class::Int {
        if !value.is_empty() {
            return Err(TranslateError::plain(
                op,
                format!("LLVM attribute '{key}' does not expect a value, found '{value}'"),
            ));
        }
        if !for_functions || class != Class::Enum {
            return refuse(format!("Attribute '{key}' does not apply to functions!"));
        }
        a.add_word(key);
        return Ok(());
    }
    if value.is_empty() {
        return Err(TranslateError::plain(
            op,
            format!("LLVM attribute '{key}' expects a value"),
        ));
    }
    let Some(raw) = parse_llvm_int(value) else {
        a.add_string(key, value.to_string());
        return Ok(());
    };
    if !for_functions {
        return refuse(format!("Attribute '{key}' does not apply to functions!"));
    }
    let text = match kind {
        "StackAlignment" => {
            a.add_int_texts(kind, format!("alignstack={raw}"), format!("alignstack({raw})"));
            return Ok(());
        }
        "Memory" if raw < 1 << 12 => memory_text(raw),
        "UWTable" => match uwtable_text(raw) {
            Some(t) => t,
            None => return refuse(format!("'uwtable' of value {raw} is not translated by ods-translate")),
        },
        "AllocSize" => allocsize_text(raw),
        "VScaleRange" => {
            let (min, max) = ((raw >> 32) as u32, raw as u32);
            if let Some(why) = crate::target_attrs::vscale_range_error(min, max) {
                return refuse(why.to_string());
            }
            format!("vscale_range({min},{max})")
        }
        _ => {
            return refuse(format!(
                "the passthrough attribute '{key}' with value '{value}' is not translated by ods-translate"
            ))
        }
    };
    a.add_int(kind, text);
    Ok(())
}

/// `allocsize(e)` or `allocsize(e,n)` of the encoded arguments (the
/// element size's index above, the count's below, all ones for none).
fn allocsize_text(raw: u64) -> String {
    let (size, count) = (raw >> 32, raw as u32);
    if count == u32::MAX {
        format!("allocsize({size})")
    } else {
        format!("allocsize({size},{count})")
    }
}

/// An integer as LLVM's `getAsInteger` with radix 0 reads it into an
/// `int64_t`: `0x`/`0b`/`0o` or a leading `0` (octal) choose the radix, a
/// leading `-` negates; the bits kept as they are.
fn parse_llvm_int(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(body, radix).ok()?;
    let value = if negative {
        0i64.checked_sub_unsigned(magnitude)?
    } else {
        i64::try_from(magnitude).ok()?
    };
    Some(value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attribute_table_is_sorted() {
        assert!(LLVM_ATTRS.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(
            llvm_attr("alignstack"),
            Some(("StackAlignment", Class::Int, true))
        );
        assert_eq!(
            llvm_attr("readonly"),
            Some(("ReadOnly", Class::Enum, false))
        );
        assert_eq!(llvm_attr("foo"), None);
    }

    #[test]
    fn memory_effects_print_as_llvm_prints_them() {
        assert_eq!(memory_text(0), "memory(none)");
        assert_eq!(memory_text(4095), "memory(readwrite)");
        assert_eq!(memory_text(1), "memory(argmem: read)");
        assert_eq!(
            memory_text(0x1b),
            "memory(argmem: readwrite, inaccessiblemem: write, errnomem: read)"
        );
        // Other: read; inaccessible memory: write; the rest none.
        assert_eq!(
            memory_text(0b01_00_10_00),
            "memory(read, argmem: none, inaccessiblemem: write, errnomem: none, target_mem0: none, target_mem1: none)"
        );
    }

    #[test]
    fn integers_are_read_with_llvms_radix_rules() {
        assert_eq!(parse_llvm_int("4"), Some(4));
        assert_eq!(parse_llvm_int("0x10"), Some(16));
        assert_eq!(parse_llvm_int("010"), Some(8));
        assert_eq!(parse_llvm_int("0b11"), Some(3));
        assert_eq!(parse_llvm_int("-4"), Some(-4i64 as u64));
        assert_eq!(parse_llvm_int("0"), Some(0));
        assert_eq!(parse_llvm_int("x"), None);
        assert_eq!(parse_llvm_int(""), None);
        assert_eq!(parse_llvm_int("99999999999999999999"), None);
    }

    #[test]
    fn allocsize_shows_its_count_when_it_has_one() {
        assert_eq!(allocsize_text(4294967295), "allocsize(0)");
        assert_eq!(allocsize_text(1 << 32 | 2), "allocsize(1,2)");
    }
}
