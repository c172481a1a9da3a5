// A dialect with `hasConstantMaterializer = 1` whose author wrote no
// `materialize_constant` (missing_materializer.ods): rustc's error must
// name the function and its signature.
mod ops {
    ods_macros::include_ods!("./missing_materializer.ods");

    impl ConstOp {
        pub fn fold(
            self,
            ctx: &mut ods_runtime::ir::Context,
            ir: &mut ods_runtime::ir::Ir,
            _operands: &[Option<ods_runtime::ir::Attribute>],
        ) -> Option<ods_runtime::fold::OpFoldResult> {
            self.value_attr(ctx, ir).map(Into::into)
        }
    }
}

fn main() {}
