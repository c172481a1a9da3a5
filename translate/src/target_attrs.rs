//! `llvm.func`'s target attributes and the module's dependent libraries
//! in LLVM IR, as upstream's `ModuleTranslation` writes them:
//! `#llvm.vscale_range<minRange = a, maxRange = b>` is the function
//! attribute `vscale_range(a,b)`, `#llvm.target_features<["+a", "-b"]>`
//! the string attribute `"target-features"="+a,-b"`, `#llvm.vec_type_hint`
//! the attachment `!vec_type_hint !{<type> undef, i32 signed}`, and the
//! module's `llvm.dependent_libraries` the named metadata
//! `!llvm.dependent-libraries` (one `!{!"lib"}` per library).
//!
//! Where `mlir-translate-22` writes what LLVM's verifier refuses (a
//! `vscale_range` whose bounds are no powers of two) or crashes (dependent
//! libraries that are no strings), the translation is refused with the
//! verifier's words or a plain one.

use dialect_llvm::typed_attr_param::StringAttr;
use dialect_llvm::{DependentLibrariesAttr, TargetFeaturesAttr, VScaleRangeAttr, VecTypeHintAttr};
use ir::{AttrKind, Attribute, Context, Ir, OpId};

use crate::attributes::FnAttrs;
use crate::debug_info::{DebugInfo, NodeId};
use crate::di_attrs::Node;
use crate::metadata::MdItem;
use crate::module::{lty, TranslateError};
use crate::props::{attr, int_of, str_of};

/// The string and boolean properties of `llvm.func` that upstream writes
/// as string attributes of a definition, their key being the property's
/// name with `-` for `_` (`"target-cpu"="skylake"`,
/// `"no-infs-fp-math"="true"`).
pub(crate) const STRING_PROPS: &[&str] = &[
    "target_cpu",
    "tune_cpu",
    "reciprocal_estimates",
    "prefer_vector_width",
    "no_infs_fp_math",
    "no_nans_fp_math",
    "no_signed_zeros_fp_math",
    "denormal_fp_math",
    "denormal_fp_math_f32",
    "fp_contract",
    "instrument_function_entry",
    "instrument_function_exit",
];

/// Adds `f`'s `vscale_range` and [`STRING_PROPS`] (a definition's only:
/// upstream sets them when it translates the body) and `target_features`
/// to its attribute set.
pub(crate) fn add_target_attrs(
    ctx: &Context,
    ir: &Ir,
    f: OpId,
    attrs: &mut FnAttrs,
) -> Result<(), TranslateError> {
    let declaration = ir.regions(f).first().is_none_or(|r| ir.region_is_empty(*r));
    let range = attr(ctx, ir, f, "vscale_range").and_then(|a| VScaleRangeAttr::from_attr(ctx, a));
    if let Some(range) = range.filter(|_| !declaration) {
        // Upstream's `getWithVScaleRangeArgs(getInt(), getInt())`: each
        // bound's low 32 bits; a maximum of 0 is no maximum.
        let bound =
            |b: dialect_llvm::typed_attr_param::IntegerAttr| b.value(ctx).unwrap_or(0) as u32;
        let (min, max) = (bound(range.min_range(ctx)), bound(range.max_range(ctx)));
        if let Some(why) = vscale_range_error(min, max) {
            return Err(TranslateError::new(
                f,
                format!("cannot be converted to LLVM IR: {why}"),
            ));
        }
        attrs.add_int("VScaleRange", format!("vscale_range({min},{max})"));
    }
    for name in STRING_PROPS.iter().filter(|_| !declaration) {
        let Some(value) = attr(ctx, ir, f, name) else {
            continue;
        };
        // A string as it is, a `BoolAttr` as `true` / `false`.
        let text = match (str_of(ctx, value), int_of(ctx, value)) {
            (Some(text), _) => text,
            (None, Some(v)) => (v != 0).to_string(),
            (None, None) => return Err(TranslateError::failed(f)),
        };
        attrs.add_string(&name.replace('_', "-"), text);
    }
    if let Some(features) =
        attr(ctx, ir, f, "target_features").and_then(|a| TargetFeaturesAttr::from_attr(ctx, a))
    {
        let text: Vec<&str> = features
            .features(ctx)
            .iter()
            .map(|s| s.value(ctx))
            .collect();
        attrs.add_string("target-features", text.join(","));
    }
    Ok(())
}

/// What LLVM's verifier says of `vscale_range(min,max)`, if anything.
fn vscale_range_error(min: u32, max: u32) -> Option<&'static str> {
    if min == 0 {
        return Some("'vscale_range' minimum must be greater than 0");
    }
    if !min.is_power_of_two() {
        return Some("'vscale_range' minimum must be power-of-two value");
    }
    if max != 0 && min > max {
        return Some("'vscale_range' minimum cannot be greater than maximum");
    }
    if max != 0 && !max.is_power_of_two() {
        return Some("'vscale_range' maximum must be power-of-two value");
    }
    None
}

/// The node `!{<type> undef, i32 signed}` of `f`'s `vec_type_hint`, if it
/// has one.
pub(crate) fn vec_type_hint_node(
    ctx: &Context,
    ir: &Ir,
    f: OpId,
    debug: &mut DebugInfo<'_>,
) -> Result<Option<NodeId>, TranslateError> {
    let Some(hint) =
        attr(ctx, ir, f, "vec_type_hint").and_then(|a| VecTypeHintAttr::from_attr(ctx, a))
    else {
        return Ok(None);
    };
    let Some(ty) = hint.hint(ctx).ty(ctx) else {
        return Err(TranslateError::failed(f));
    };
    let items = vec![
        MdItem::Undef(lty(ctx, f, ty)?),
        MdItem::I32(i32::from(hint.is_signed(ctx))),
    ];
    Ok(Some(debug.metadata_node(Node::Md { key: None, items })))
}

/// The libraries of the module's `llvm.dependent_libraries`: an array of
/// strings or `#llvm.dependent_libraries<...>`. `Err` for anything else,
/// on which `mlir-translate-22` crashes.
pub(crate) fn dependent_libraries(ctx: &Context, value: Attribute) -> Result<Vec<String>, String> {
    let strings: Option<Vec<StringAttr>> = match ctx.attr_kind(value) {
        AttrKind::Array(items) => items
            .iter()
            .map(|&a| matches!(ctx.attr_kind(a), AttrKind::String { .. }).then_some(StringAttr(a)))
            .collect(),
        _ => DependentLibrariesAttr::from_attr(ctx, value).map(|d| d.libs(ctx)),
    };
    match strings {
        Some(libs) => Ok(libs.iter().map(|s| s.value(ctx).to_string()).collect()),
        None => Err(
            "'llvm.dependent_libraries' must be an array of strings or #llvm.dependent_libraries"
                .into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::vscale_range_error;

    #[test]
    fn vscale_ranges_are_checked_as_llvms_verifier_checks_them() {
        assert_eq!(vscale_range_error(1, 2), None);
        assert_eq!(vscale_range_error(2, 0), None);
        assert_eq!(vscale_range_error(16, 16), None);
        assert_eq!(
            vscale_range_error(0, 4),
            Some("'vscale_range' minimum must be greater than 0")
        );
        assert_eq!(
            vscale_range_error(3, 4),
            Some("'vscale_range' minimum must be power-of-two value")
        );
        assert_eq!(
            vscale_range_error(4, 2),
            Some("'vscale_range' minimum cannot be greater than maximum")
        );
        assert_eq!(
            vscale_range_error(2, 3),
            Some("'vscale_range' maximum must be power-of-two value")
        );
        assert_eq!(
            vscale_range_error(u32::MAX, 2),
            Some("'vscale_range' minimum must be power-of-two value")
        );
    }
}
