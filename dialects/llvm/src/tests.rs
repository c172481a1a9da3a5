//! Unit tests of the hand-written parts: the type predicates, the
//! element-type inference of `insertvalue` / `extractvalue`, and ops built
//! through the generated builders printing their custom forms. The text
//! forms are compared with `mlir-opt` by the corpora under `tests/`
//! (`custom-forms/llvm_*.mlir`, `lit/verify/llvm_invalid.mlir`).

use super::*;
use ods_runtime::ir::parser::parse_type_str;
use ods_runtime::ir::printer::print_type_str;

fn ty(ctx: &mut Context, text: &str) -> ods_runtime::ir::Type {
    parse_type_str(ctx, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn registered() -> Context {
    let mut ctx = Context::new();
    let _reg = crate::testing::registry(&mut ctx);
    ctx
}

#[test]
fn compatible_types_are_upstreams() {
    let mut ctx = registered();
    for good in ["i32", "f32", "bf16", "vector<4xf32>"] {
        let t = ty(&mut ctx, good);
        assert!(pred::is_compatible_outer_type(&ctx, t), "{good}");
    }
    let ptr = LLVMPointerType::get_from(&mut ctx).ty();
    let i32_ty = ctx.int_type(32);
    let st = LLVMStructType::get_from_types(&mut ctx, vec![i32_ty]).ty();
    assert!(pred::is_compatible_outer_type(&ctx, ptr));
    assert!(pred::is_compatible_outer_type(&ctx, st));
    for bad in [
        "index",
        "si32",
        "tensor<2xf32>",
        "vector<2x2xf32>",
        "f8E4M3FN",
    ] {
        let t = ty(&mut ctx, bad);
        assert!(!pred::is_compatible_outer_type(&ctx, t), "{bad}");
    }
    let v = ty(&mut ctx, "vector<4xindex>");
    assert!(!pred::is_compatible_vector_type(&ctx, v));
    let opaque = LLVMStructType::get_from_opaque_name_opaque(&mut ctx, "o".to_string(), true).ty();
    assert!(!pred::is_loadable_type(&ctx, opaque));
    assert!(pred::is_opaque_struct(&ctx, opaque));
    let p3 = LLVMPointerType::get_from_address_space(&mut ctx, 3).ty();
    assert_eq!(pred::pointer_address_space(&ctx, p3), Some(3));
}

#[test]
fn element_type_follows_the_position() {
    let mut ctx = registered();
    let f32t = ty(&mut ctx, "f32");
    let i32_ty = ctx.int_type(32);
    let array = LLVMArrayType::intern(&mut ctx, f32t, 4).ty();
    let s = LLVMStructType::get_from_types(&mut ctx, vec![i32_ty, array]).ty();
    assert_eq!(
        format::insert_extract_value_element_type(&ctx, s, &[1, 3]),
        Ok(f32t)
    );
    assert_eq!(
        format::insert_extract_value_element_type(&ctx, s, &[1, 4]),
        Err("position out of bounds: 4".to_string())
    );
    assert_eq!(
        format::insert_extract_value_element_type(&ctx, s, &[0, 0]),
        Err("expected LLVM IR structure/array type, got: 'i32'".to_string())
    );
}

#[test]
fn i1_same_shape_keeps_vector_length() {
    let mut ctx = registered();
    let v = ty(&mut ctx, "vector<4xi32>");
    let expected = ty(&mut ctx, "vector<4xi1>");
    assert_eq!(format::i1_same_shape(&mut ctx, v), expected);
    let s = ty(&mut ctx, "i64");
    let i1 = ty(&mut ctx, "i1");
    assert_eq!(format::i1_same_shape(&mut ctx, s), i1);
}

#[test]
fn identified_structs_are_one_type_per_name() {
    let mut ctx = registered();
    let i32_ty = ctx.int_type(32);
    let ptr = LLVMPointerType::get_from(&mut ctx).ty();
    let node = LLVMStructType::get_identified(&mut ctx, "node");
    assert!(!node.is_initialized(&ctx));
    assert!(node.is_opaque(&ctx));
    assert_eq!(
        print_type_str(&ctx, node.ty()),
        "!llvm.struct<\"node\", opaque>"
    );
    // The body names the struct itself; the handle stays the same.
    assert!(node.set_body(&mut ctx, vec![ptr, node.ty()], false));
    assert!(node.is_initialized(&ctx));
    assert_eq!(LLVMStructType::get_identified(&mut ctx, "node"), node);
    assert_eq!(node.body(&ctx), &[ptr, node.ty()]);
    assert_eq!(
        print_type_str(&ctx, node.ty()),
        "!llvm.struct<\"node\", (ptr, struct<\"node\">)>"
    );
    // The same body again is accepted, another one is not.
    assert!(node.set_body(&mut ctx, vec![ptr, node.ty()], false));
    assert!(!node.set_body(&mut ctx, vec![i32_ty], false));
    assert!(!node.set_body(&mut ctx, vec![ptr, node.ty()], true));
    // Opaque only while no body is set.
    assert!(!LLVMStructType::get_opaque(&mut ctx, "node").opaque(&ctx));
    let o = LLVMStructType::get_opaque(&mut ctx, "o");
    assert!(o.opaque(&ctx) && o.is_initialized(&ctx));
    assert!(!o.set_body(&mut ctx, Vec::new(), false));
}

#[test]
fn mutually_recursive_structs_print_each_body_outside_itself() {
    let mut ctx = registered();
    let i32_ty = ctx.int_type(32);
    let a = LLVMStructType::get_identified(&mut ctx, "a");
    let b = LLVMStructType::get_identified(&mut ctx, "b");
    assert!(b.set_body(&mut ctx, vec![a.ty(), i32_ty], false));
    assert!(a.set_body(&mut ctx, vec![b.ty()], false));
    assert_eq!(
        print_type_str(&ctx, a.ty()),
        "!llvm.struct<\"a\", (struct<\"b\", (struct<\"a\">, i32)>)>"
    );
    assert_eq!(
        print_type_str(&ctx, b.ty()),
        "!llvm.struct<\"b\", (struct<\"a\", (struct<\"b\">)>, i32)>"
    );
}

#[test]
fn enum_parameters_name_their_cases() {
    use ods_runtime::attr_type_def::{CustomParamValue, OneOf};
    let one_of = TailCallKind::one_of().expect("an enum");
    assert_eq!(
        one_of,
        OneOf {
            summary: "Tail Call Kind",
            cases: vec!["none", "notail", "musttail", "tail"],
        }
    );
    assert_eq!(Linkage::one_of().map(|o| o.cases.len()), Some(11));
}

#[test]
fn pointers_may_be_vector_elements() {
    let mut ctx = registered();
    let ptr = LLVMPointerType::get_from_address_space(&mut ctx, 1).ty();
    assert!(ctx.is_valid_vector_element(ptr));
    let i32_ty = ctx.int_type(32);
    let st = LLVMStructType::get_from_types(&mut ctx, vec![i32_ty]).ty();
    assert!(!ctx.is_valid_vector_element(st));
    let v = ctx.vector_type(&[4], &[], ptr);
    assert!(pred::is_compatible_vector_type(&ctx, v));
    assert_eq!(print_type_str(&ctx, v), "vector<4x!llvm.ptr<1>>");
}
