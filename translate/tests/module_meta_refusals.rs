//! What `ods-translate` refuses of the module-level ops where
//! `mlir-translate-22` fails in LLVM's verifier (a declaration in a
//! comdat, module flags LLVM does not take): each an error at the op,
//! exit status 1, no output. (`refusals.rs` holds the other refusals.)

mod common;

use common::refused;

use ods_translate::TranslateTool;

#[test]
fn a_declaration_in_a_comdat_is_refused() {
    let comdat = "llvm.comdat @c {\n  llvm.comdat_selector @s any\n}\n";
    let err = refused(&format!("{comdat}llvm.func @d() comdat(@c::@s)\n"));
    assert!(
        err.contains("<stdin>:4:1: error: cannot be converted to LLVM IR: a declaration may not be in a comdat"),
        "{err}"
    );
    let err = refused(&format!(
        "{comdat}llvm.mlir.global external @g() comdat(@c::@s) : i32\n"
    ));
    assert!(err.contains("<stdin>:4:1: error:"), "{err}");
    assert!(
        err.contains("a declaration may not be in a comdat"),
        "{err}"
    );
}

#[test]
fn module_flags_llvm_refuses_are_refused() {
    let cases = [
        (
            "<require, \"a\", 1 : i32>",
            "invalid value for 'require' module flag (expected metadata pair)",
        ),
        (
            "<append, \"a\", 1 : i32>",
            "invalid value for 'append'-type module flag (expected a metadata node)",
        ),
        (
            "<min, \"a\", -1 : i32>",
            "invalid value for 'min' module flag (expected constant non-negative integer)",
        ),
        (
            "<max, \"a\", \"s\">",
            "invalid value for 'max' module flag (expected constant integer)",
        ),
        (
            "<error, \"wchar_size\", \"s\">",
            "wchar_size metadata requires constant integer argument",
        ),
        (
            "<error, \"Linker Options\", \"s\">",
            "'Linker Options' named metadata no longer supported",
        ),
        (
            "<error, \"a\", 1 : i32>, #llvm.mlir.module_flag<max, \"a\", 2 : i32>",
            "module flag identifiers must be unique (or of 'require' type)",
        ),
    ];
    for (flag, message) in cases {
        let err = refused(&format!(
            "llvm.module_flags [#llvm.mlir.module_flag{flag}]\n"
        ));
        assert!(
            err.contains(&format!(
                "<stdin>:1:1: error: cannot be converted to LLVM IR: {message}"
            )),
            "{flag}: {err}"
        );
    }
}

#[test]
fn linker_options_make_the_linker_options_flag_valid() {
    let input = "llvm.linker_options [\"-lm\"]\n\
        llvm.module_flags [#llvm.mlir.module_flag<error, \"Linker Options\", \"s\">]\n";
    let out = TranslateTool::new().run(&["--mlir-to-llvmir"], input.as_bytes());
    assert_eq!(out.status, 0, "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("!llvm.linker.options = !{!0}\n"), "{text}");
    assert!(
        text.contains("!1 = !{i32 1, !\"Linker Options\", !\"s\"}\n"),
        "{text}"
    );
}

#[test]
fn a_used_none_token_is_refused() {
    let input = "llvm.func @use(!llvm.token)\n\
        llvm.func @f() {\n\
        \x20 %0 = llvm.mlir.none : !llvm.token\n\
        \x20 llvm.call @use(%0) : (!llvm.token) -> ()\n\
        \x20 llvm.return\n\
        }\n";
    let err = refused(input);
    assert!(
        err.contains("error: cannot be converted to LLVM IR"),
        "{err}"
    );
}
