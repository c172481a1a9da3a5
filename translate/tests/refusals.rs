//! What `ods-translate` refuses where `mlir-translate-22` fails in LLVM's
//! verifier or warns and drops: each an error at the op, exit status 1,
//! no output.

mod common;

use common::refused;

const SCOPE: &str = r#"#file = #llvm.di_file<"a.c" in "/d">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
"#;

#[test]
fn an_expression_llvm_finds_invalid_is_refused() {
    let input = format!(
        "{SCOPE}#var = #llvm.di_local_variable<scope = #sp, name = \"x\">\n\
         llvm.func @f(%a: i32) {{\n\
         \x20 llvm.intr.dbg.value #var #llvm.di_expression<[DW_OP_LLVM_fragment(0, 8), DW_OP_deref]> = %a : i32 loc(fused<#sp>[\"a.c\":2:1])\n\
         \x20 llvm.return\n\
         }} loc(fused<#sp>[\"a.c\":1:1])\n"
    );
    let err = refused(&input);
    assert!(
        err.contains("error: cannot be converted to LLVM IR: invalid expression !DIExpression(4096, 0, 8, 6)"),
        "{err}"
    );
}

#[test]
fn a_variable_of_an_untranslated_type_is_refused() {
    let input = format!(
        "{SCOPE}#var = #llvm.di_local_variable<scope = #sp, name = \"x\", type = #llvm.di_string_type<tag = DW_TAG_string_type, name = \"s\", encoding = DW_ATE_ASCII>>\n\
         llvm.func @f(%a: !llvm.ptr) {{\n\
         \x20 llvm.intr.dbg.declare #var = %a : !llvm.ptr loc(fused<#sp>[\"a.c\":2:1])\n\
         \x20 llvm.intr.dbg.declare #var = %a : !llvm.ptr loc(fused<#sp>[\"a.c\":3:1])\n\
         \x20 llvm.return\n\
         }} loc(fused<#sp>[\"a.c\":1:1])\n"
    );
    let err = refused(&input);
    assert!(
        err.contains("a.c:2:1: error: cannot be converted to LLVM IR: #llvm.di_string_type is not translated by ods-translate"),
        "{err}"
    );
}

#[test]
fn two_tbaa_tags_are_refused() {
    let input = "#root = #llvm.tbaa_root<id = \"r\">\n\
        #int = #llvm.tbaa_type_desc<id = \"int\", members = {<#root, 0>}>\n\
        #tag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0>\n\
        #tag2 = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0, constant = true>\n\
        llvm.func @f(%p: !llvm.ptr) {\n\
        \x20 %0 = llvm.load %p {tbaa = [#tag, #tag2]} : !llvm.ptr -> i32\n\
        \x20 llvm.return\n\
        }\n";
    let err = refused(input);
    assert!(
        err.contains("<stdin>:6:8: error: cannot be converted to LLVM IR: more than one TBAA tag"),
        "{err}"
    );
}

#[test]
fn a_gather_of_alignment_zero_and_an_unknown_intrinsic_are_refused() {
    let input = "llvm.func @f(%ps: vector<4x!llvm.ptr>, %m: vector<4xi1>) {\n\
        \x20 %0 = llvm.intr.masked.gather %ps, %m {alignment = 0 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>) -> vector<4xi32>\n\
        \x20 llvm.return\n\
        }\n";
    assert!(refused(input).contains("of alignment 0 is not translated"));
    let input = "llvm.func @f(%i: i32) {\n\
        \x20 %0 = llvm.call_intrinsic \"llvm.nosuch.i32\"(%i) : (i32) -> i32\n\
        \x20 %1 = llvm.call_intrinsic \"llvm.ctpop.i64\"(%i) : (i32) -> i32\n\
        \x20 llvm.return\n\
        }\n";
    assert!(refused(input).contains("could not find LLVM intrinsic: \"llvm.nosuch.i32\""));
    let input = "llvm.func @f(%i: i32) {\n\
        \x20 %1 = llvm.call_intrinsic \"llvm.ctpop.i64\"(%i) : (i32) -> i32\n\
        \x20 llvm.return\n\
        }\n";
    assert!(
        refused(input).contains("\"llvm.ctpop.i64\" does not name the intrinsic of these types")
    );
}

#[test]
fn an_address_of_an_entry_block_is_refused() {
    // mlir-translate-22 fails in LLVM's verifier
    // (`blockaddress may not be used with the entry block!`).
    let input = "llvm.func @f() -> !llvm.ptr {\n\
        \x20 llvm.blocktag <id = 0>\n\
        \x20 %0 = llvm.blockaddress <function = @f, tag = <id = 0>> : !llvm.ptr\n\
        \x20 llvm.return %0 : !llvm.ptr\n\
        }\n";
    let err = refused(input);
    assert!(
        err.contains("<stdin>:3:8: error: cannot be converted to LLVM IR: blockaddress may not be used with the entry block"),
        "{err}"
    );
}

/// A non-zero splat of billions of elements (which `mlir-translate-22`
/// would spend its memory on) is refused at once with the count; a zero
/// one is `zeroinitializer` (the corpus).
#[test]
fn a_huge_non_zero_splat_is_refused_not_built() {
    let err = refused(
        "llvm.mlir.global internal @big(dense<1> : vector<4294967296xi8>) {addr_space = 0 : i32} : !llvm.array<4294967296 x i8>\n",
    );
    assert!(
        err.starts_with("<stdin>:1:1: error: cannot be converted to LLVM IR: this global's value has 4294967296 non-zero elements, more than ods-translate builds (1048576)\n"),
        "{err}"
    );
}

/// `llvm.is.fpclass` with a mask past LLVM's ten classes, which LLVM's
/// verifier refuses (`unsupported bits for llvm.is.fpclass test mask`).
#[test]
fn an_fpclass_mask_past_the_ten_classes_is_refused() {
    let err = refused(
        "llvm.func @f(%x: f32) -> i1 {\n  %0 = \"llvm.intr.is.fpclass\"(%x) <{bit = 1024 : i32}> : (f32) -> i1\n  llvm.return %0 : i1\n}\n",
    );
    assert!(
        err.starts_with("<stdin>:2:8: error: cannot be converted to LLVM IR: unsupported bits for llvm.is.fpclass test mask"),
        "{err}"
    );
}

#[test]
fn weights_on_a_switch_without_case_values_are_refused() {
    // mlir-translate-22 crashes on them (no instruction is mapped for a
    // switch without `case_values`); one whose `case_values` hold none
    // translates (`corpus/branch_weights.mlir`).
    let input = "llvm.func @f(%x: i32) {\n\
        \x20 llvm.switch %x : i32, ^d [\n\
        \x20 ] {branch_weights = array<i32: 12>}\n\
        ^d:\n\
        \x20 llvm.return\n\
        }\n";
    let err = refused(input);
    assert!(
        err.contains("<stdin>:2:3: error: cannot be converted to LLVM IR: branch weights on a switch without case values are not translated by ods-translate"),
        "{err}"
    );
}
