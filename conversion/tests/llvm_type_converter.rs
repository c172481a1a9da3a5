//! The LLVM type converter (`ods_conversion::llvm_common`) against what
//! `mlir-opt-22 --convert-func-to-llvm` makes of the same types in
//! function signatures (the expected strings are its output).

use dialect_llvm::{LLVMArrayType, LLVMPointerType, LLVMStructType};
use ir::parser::parse_type_str;
use ir::printer::print_type_str;
use ir::{Context, Registry, Type};
use ods_conversion::llvm_common::{is_compatible_type, LlvmTypeConverter, LowerToLlvmOptions};

fn context() -> Context {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    dialect_llvm::register(&mut ctx, &mut reg);
    ctx
}

fn ty(ctx: &mut Context, text: &str) -> Type {
    parse_type_str(ctx, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn convert(converter: &LlvmTypeConverter, ctx: &mut Context, text: &str) -> Option<String> {
    let t = ty(ctx, text);
    converter
        .convert_type(ctx, t)
        .map(|c| print_type_str(ctx, c))
}

#[test]
fn builtin_types_convert_as_upstream() {
    let mut ctx = context();
    let converter = LlvmTypeConverter::new(LowerToLlvmOptions::default());
    let cases = [
        ("index", "i64"),
        ("i17", "i17"),
        ("si32", "i32"),
        ("ui8", "i8"),
        ("f32", "f32"),
        ("bf16", "bf16"),
        ("f8E4M3FN", "i8"),
        ("vector<4xf32>", "vector<4xf32>"),
        ("vector<f32>", "vector<1xf32>"),
        ("vector<2x3xf32>", "!llvm.array<2 x vector<3xf32>>"),
        ("vector<2x[4]xi1>", "!llvm.array<2 x vector<[4]xi1>>"),
        ("vector<4xindex>", "vector<4xi64>"),
        ("complex<f32>", "!llvm.struct<(f32, f32)>"),
        ("(i32) -> i64", "!llvm.ptr"),
        (
            "memref<?x4xf32>",
            "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>",
        ),
        ("memref<f32, 3>", "!llvm.struct<(ptr<3>, ptr<3>, i64)>"),
        (
            "memref<4x?xf32, strided<[?, 1], offset: ?>>",
            "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>",
        ),
        ("memref<*xf32, 5>", "!llvm.struct<(i64, ptr)>"),
    ];
    for (from, to) in cases {
        assert_eq!(
            convert(&converter, &mut ctx, from).as_deref(),
            Some(to),
            "{from}"
        );
    }
    for bad in [
        "tuple<i32>",
        "tensor<2xf32>",
        "vector<[2]x4xf32>",
        "memref<4xf32, \"foo\">",
        "memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>",
    ] {
        assert_eq!(convert(&converter, &mut ctx, bad), None, "{bad}");
    }
}

#[test]
fn index_bitwidth_changes_index_and_descriptors() {
    let mut ctx = context();
    let converter = LlvmTypeConverter::new(LowerToLlvmOptions::default().with_index_bitwidth(32));
    assert_eq!(
        convert(&converter, &mut ctx, "index").as_deref(),
        Some("i32")
    );
    assert_eq!(
        convert(&converter, &mut ctx, "memref<2xf32>").as_deref(),
        Some("!llvm.struct<(ptr, ptr, i32, array<1 x i32>, array<1 x i32>)>")
    );
    assert_eq!(
        convert(&converter, &mut ctx, "memref<*xi8>").as_deref(),
        Some("!llvm.struct<(i32, ptr)>")
    );
}

#[test]
fn signatures_expand_memrefs_and_pack_results() {
    let mut ctx = context();
    let converter = LlvmTypeConverter::new(LowerToLlvmOptions::default());
    let f = ty(
        &mut ctx,
        "(memref<?x4xf32>, memref<f32, 3>, memref<*xi8>, index) -> (index, memref<2xf32>)",
    );
    let (llvm, conv) = converter
        .convert_function_signature(&mut ctx, f, false, false)
        .expect("converts");
    assert_eq!(
        print_type_str(&ctx, llvm),
        "!llvm.func<struct<(i64, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> \
         (ptr, ptr, i64, i64, i64, i64, i64, ptr<3>, ptr<3>, i64, i64, ptr, i64)>"
    );
    assert_eq!(conv.converted_types().len(), 13);

    // Bare pointers: only statically shaped memrefs can be passed so.
    let bare = ty(&mut ctx, "(memref<2x3xf32>, i32) -> memref<4xi8, 1>");
    let (llvm, _) = converter
        .convert_function_signature(&mut ctx, bare, false, true)
        .expect("converts");
    assert_eq!(print_type_str(&ctx, llvm), "!llvm.func<ptr<1> (ptr, i32)>");
    let dynamic = ty(&mut ctx, "(memref<?xf32>) -> ()");
    assert!(converter
        .convert_function_signature(&mut ctx, dynamic, false, true)
        .is_none());

    let none = ty(&mut ctx, "() -> ()");
    let (llvm, _) = converter
        .convert_function_signature(&mut ctx, none, true, false)
        .expect("converts");
    assert_eq!(print_type_str(&ctx, llvm), "!llvm.func<void (...)>");
}

#[test]
fn c_wrappers_take_descriptors_by_pointer() {
    let mut ctx = context();
    let converter = LlvmTypeConverter::new(LowerToLlvmOptions::default());
    let f = ty(&mut ctx, "(memref<?xf32>, i32) -> (i32, f32)");
    let (llvm, returned) = converter
        .convert_function_type_c_wrapper(&mut ctx, f)
        .expect("converts");
    assert_eq!(
        print_type_str(&ctx, llvm),
        "!llvm.func<void (ptr, ptr, i32)>"
    );
    assert_eq!(
        returned.map(|t| print_type_str(&ctx, t)).as_deref(),
        Some("!llvm.struct<(i32, f32)>")
    );
}

/// `!llvm.struct<(elements)>`, built (the text parser of this test has
/// no registry to read dialect types with).
fn llvm_struct(ctx: &mut Context, elements: &[&str]) -> Type {
    let types = elements.iter().map(|e| ty(ctx, e)).collect();
    LLVMStructType::get_from_types(ctx, types).ty()
}

#[test]
fn aggregates_convert_inside() {
    let mut ctx = context();
    let converter = LlvmTypeConverter::new(LowerToLlvmOptions::default());
    let index = ty(&mut ctx, "index");
    let array = LLVMArrayType::intern(&mut ctx, index, 2).ty();
    let st = llvm_struct(&mut ctx, &["index", "f32"]);
    let converted = converter
        .convert_type(&mut ctx, st)
        .map(|t| print_type_str(&ctx, t));
    assert_eq!(converted.as_deref(), Some("!llvm.struct<(i64, f32)>"));
    let converted = converter
        .convert_type(&mut ctx, array)
        .map(|t| print_type_str(&ctx, t));
    assert_eq!(converted.as_deref(), Some("!llvm.array<2 x i64>"));
}

#[test]
fn compatibility_looks_inside_aggregates() {
    let mut ctx = context();
    let f32t = ty(&mut ctx, "f32");
    let array = LLVMArrayType::intern(&mut ctx, f32t, 2).ty();
    let i32t = ctx.int_type(32);
    let good_struct = LLVMStructType::get_from_types(&mut ctx, vec![i32t, array]).ty();
    let bad_struct = llvm_struct(&mut ctx, &["index"]);
    let ptr = LLVMPointerType::get_from(&mut ctx).ty();
    for good in [i32t, good_struct, array, ptr] {
        assert!(
            is_compatible_type(&ctx, good),
            "{}",
            print_type_str(&ctx, good)
        );
    }
    assert!(!is_compatible_type(&ctx, bad_struct));
    for bad in ["index", "vector<2x2xf32>", "si8", "memref<f32>"] {
        let t = ty(&mut ctx, bad);
        assert!(!is_compatible_type(&ctx, t), "{bad}");
    }
}
