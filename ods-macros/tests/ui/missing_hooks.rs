// The hooks `genVerifyDecl` and `InferTypeOpAdaptor` ask the author for,
// not written (missing_hooks.ods): each is an error naming it, the spec's
// file:line:col and the signature to write.
mod ops {
    ods_macros::include_ods!("./missing_hooks.ods");
}

fn main() {}
