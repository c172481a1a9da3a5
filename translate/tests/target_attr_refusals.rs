//! What `ods-translate` refuses of llvm.func's target attributes and the
//! module's dependent libraries where `mlir-translate-22` writes what
//! LLVM's verifier refuses (a `vscale_range` whose bounds LLVM does not
//! take) or crashes (dependent libraries that are no strings): each an
//! error at the op, exit status 1, no output.

mod common;

use common::refused;

use ods_translate::TranslateTool;

#[test]
fn vscale_ranges_llvm_refuses_are_refused_with_its_words() {
    for (range, why) in [
        ("0, 4", "'vscale_range' minimum must be greater than 0"),
        ("3, 4", "'vscale_range' minimum must be power-of-two value"),
        (
            "4, 2",
            "'vscale_range' minimum cannot be greater than maximum",
        ),
        ("2, 3", "'vscale_range' maximum must be power-of-two value"),
        ("-1, 2", "'vscale_range' minimum must be power-of-two value"),
        (
            "1, 4294967295",
            "'vscale_range' maximum must be power-of-two value",
        ),
    ] {
        let input = format!("llvm.func @f() vscale_range({range}) {{\n  llvm.return\n}}\n");
        let err = refused(&input);
        assert!(
            err.contains(&format!(
                "<stdin>:1:1: error: cannot be converted to LLVM IR: {why}"
            )),
            "{range}: {err}"
        );
    }
}

#[test]
fn a_declarations_vscale_range_is_not_checked() {
    // Upstream sets the attribute only on definitions.
    let out = TranslateTool::new().run(
        &["--mlir-to-llvmir"],
        b"llvm.func @f() vscale_range(0, 3)\n",
    );
    assert_eq!(out.status, 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("declare void @f()\n"));
}

#[test]
fn dependent_libraries_that_are_no_strings_are_refused() {
    for value in [r#"["a", 1]"#, r#""a""#, r#"#llvm.target_features<["+a"]>"#] {
        let input = format!("module attributes {{llvm.dependent_libraries = {value}}} {{\n}}\n");
        let err = refused(&input);
        assert!(
            err.contains("error: cannot be converted to LLVM IR: 'llvm.dependent_libraries' must be an array of strings or #llvm.dependent_libraries"),
            "{value}: {err}"
        );
    }
}
