//! Generates the dialect's Rust code from its `.ods` specs: the enums,
//! the attributes, the types and the ops (intrinsics included, which
//! `ods/LLVMOps.ods` includes).

fn main() {
    ods_spec::build::Builder::new("ods/LLVMOps.ods")
        .gen_enums("llvm_enums.rs")
        .gen_attrdefs("llvm_attrs.rs")
        .gen_typedefs("llvm_types.rs")
        .gen_ops("llvm_ops.rs")
        .run();
}
