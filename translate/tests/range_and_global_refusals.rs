//! What `ods-translate` refuses where `mlir-translate-22` fails in LLVM's
//! verifier (`Attribute 'range(i8 0, 12)' applied to incompatible type!`,
//! `'common' global must have a zero initializer!`, `!mmra metadata attached
//! to unexpected instruction kind`): each an error at the
//! op, exit status 1, no output.

mod common;

use common::refused;

#[test]
fn a_range_of_another_width_is_refused() {
    let err = refused(
        "llvm.func @f(%a: i32 {llvm.range = #llvm.constant_range<i8, 0, 12>}) {\n  llvm.return\n}\n",
    );
    assert!(
        err.contains("1:1: error: cannot be converted to LLVM IR: attribute 'range(i8 0, 12)' applied to incompatible type"),
        "{err}"
    );
}

#[test]
fn a_range_on_a_float_result_is_refused() {
    let err = refused("llvm.func @f() -> (f32 {llvm.range = #llvm.constant_range<i32, -1, -1>})\n");
    assert!(
        err.contains("attribute 'range' applied to incompatible type"),
        "{err}"
    );
}

#[test]
fn a_range_that_is_no_constant_range_is_refused() {
    let err = refused("llvm.func @f(i32 {llvm.range = 3})\n");
    assert!(
        err.contains("cannot be converted to LLVM IR: 'llvm.range' holds no #llvm.constant_range"),
        "{err}"
    );
}

#[test]
fn a_common_global_without_value_is_refused() {
    let err = refused("llvm.mlir.global common @g() : i32\n");
    assert!(
        err.contains(
            "cannot be converted to LLVM IR: 'common' global must have a zero initializer"
        ),
        "{err}"
    );
}

#[test]
fn an_mmra_on_an_instruction_that_takes_none_is_refused() {
    let err = refused(
        "llvm.func @f(%a: i32) -> i32 {\n  %0 = llvm.add %a, %a {llvm.mmra = #llvm.mmra_tag<\"a\":\"b\">} : i32\n  llvm.return %0 : i32\n}\n",
    );
    assert!(
        err.contains("2:8: error: cannot be converted to LLVM IR: !mmra metadata attached to unexpected instruction kind"),
        "{err}"
    );
}
