//! The checks of the target attributes (upstream's
//! `TargetFeaturesAttr::verify`, with its messages).

use ods_runtime::ir::Context;

use crate::typed_attr_param::StringAttr;
use crate::TargetFeaturesAttr;

impl TargetFeaturesAttr {
    /// Each feature is a non-empty `+name` or `-name` without a comma.
    pub(crate) fn verify(ctx: &Context, features: &[StringAttr]) -> Result<(), String> {
        for feature in features {
            let text = ctx.string_bytes(feature.0);
            match text.first() {
                None => return Err("target features can not be null or empty".into()),
                Some(b'+' | b'-') => {}
                Some(_) => return Err("target features must start with '+' or '-'".into()),
            }
            if text.contains(&b',') {
                return Err("target features can not contain ','".into());
            }
        }
        Ok(())
    }
}
