//! What `ods-translate` refuses of llvm.func's attributes where
//! `mlir-translate-22` writes what LLVM's verifier then refuses (a
//! passthrough attribute that does not apply to functions, an entry
//! count on a declaration) or keeps values in encodings not ported
//! (`allockind`, a `uwtable` that is no kind): each an error at the op,
//! exit status 1, no output.

mod common;

use common::refused;

#[test]
fn passthrough_attributes_of_parameters_are_refused() {
    for word in ["noundef", "byval", "range", "readonly", "sret"] {
        let err = refused(&format!(
            "llvm.func @f() attributes {{passthrough = [\"{word}\"]}}\n"
        ));
        assert!(
            err.contains(&format!(
                "<stdin>:1:1: error: cannot be converted to LLVM IR: Attribute '{word}' does not apply to functions!"
            )),
            "{word}: {err}"
        );
    }
    let err = refused("llvm.func @f() attributes {passthrough = [[\"align\", \"8\"]]}\n");
    assert!(
        err.contains("Attribute 'align' does not apply to functions!"),
        "{err}"
    );
}

#[test]
fn passthrough_integers_not_ported_are_refused() {
    for (key, value) in [
        ("allockind", "1"),
        ("uwtable", "0"),
        ("uwtable", "3"),
        ("memory", "4096"),
    ] {
        let err = refused(&format!(
            "llvm.func @f() attributes {{passthrough = [[\"{key}\", \"{value}\"]]}}\n"
        ));
        assert!(
            err.contains("<stdin>:1:1: error: cannot be converted to LLVM IR: ")
                && err.contains(&format!("'{key}'")),
            "{key}={value}: {err}"
        );
    }
}

#[test]
fn an_entry_count_on_a_declaration_is_refused() {
    let err = refused("llvm.func @f() attributes {function_entry_count = 3 : i64}\n");
    assert!(
        err.contains("error: cannot be converted to LLVM IR: Function declaration may not have a !prof attachment"),
        "{err}"
    );
}

#[test]
fn unknown_function_properties_are_still_refused() {
    let err = refused("llvm.func fastcc @f()\n");
    assert!(
        err.contains("'CConv' on a function is not translated by ods-translate"),
        "{err}"
    );
}

#[test]
fn what_llvms_verifier_refuses_is_refused_with_its_words() {
    for (attrs, why) in [
        (
            r#"passthrough = ["optnone"]"#,
            "Attribute 'optnone' requires 'noinline'!",
        ),
        (
            r#"passthrough = ["optnone", "noinline", "minsize"]"#,
            "Attributes 'minsize and optnone' are incompatible!",
        ),
        (
            r#"passthrough = ["alwaysinline", "noinline"]"#,
            "Attributes 'noinline and alwaysinline' are incompatible!",
        ),
        (
            r#"passthrough = [["vscale_range", "0"]]"#,
            "'vscale_range' minimum must be greater than 0",
        ),
        (
            "alignment = 8589934592 : i64",
            "huge alignment values are unsupported",
        ),
    ] {
        let err = refused(&format!(
            "llvm.func @f() attributes {{{attrs}}} {{\n  llvm.return\n}}\n"
        ));
        assert!(
            err.contains(&format!(
                "<stdin>:1:1: error: cannot be converted to LLVM IR: {why}"
            )),
            "{attrs}: {err}"
        );
    }
}
