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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_checked_with_upstreams_messages() {
        let mut ctx = Context::new();
        let mut features = |texts: &[&str]| -> Vec<StringAttr> {
            texts
                .iter()
                .map(|t| StringAttr(ods_runtime::attr::string(&mut ctx, t)))
                .collect()
        };
        let good = features(&["+sve", "-sme"]);
        let empty = features(&[""]);
        let unsigned = features(&["+a", "b"]);
        let comma = features(&["+a,b"]);
        assert_eq!(TargetFeaturesAttr::verify(&ctx, &good), Ok(()));
        assert_eq!(TargetFeaturesAttr::verify(&ctx, &[]), Ok(()));
        assert_eq!(
            TargetFeaturesAttr::verify(&ctx, &empty),
            Err("target features can not be null or empty".into())
        );
        assert_eq!(
            TargetFeaturesAttr::verify(&ctx, &unsigned),
            Err("target features must start with '+' or '-'".into())
        );
        assert_eq!(
            TargetFeaturesAttr::verify(&ctx, &comma),
            Err("target features can not contain ','".into())
        );
    }
}
