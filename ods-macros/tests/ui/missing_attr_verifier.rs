// A dialect with `hasOperationAttrVerify = 1` and `hasRegionArgAttrVerify
// = 1` whose author wrote only the first hook
// (missing_attr_verifier.ods): rustc's error must name the missing one
// and its signature.
mod ops {
    use ods_runtime::ir::{Context, Ir, NamedAttribute, OpId};
    use ods_runtime::VerifyError;

    ods_macros::include_ods!("./missing_attr_verifier.ods");

    impl VDialect {
        pub fn verify_operation_attribute(
            _ctx: &Context,
            _ir: &Ir,
            _op: OpId,
            _attr: NamedAttribute,
        ) -> Result<(), VerifyError> {
            Ok(())
        }
    }
}

fn main() {}
