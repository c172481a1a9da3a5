//! Golden tests: `tests/golden/language.ods` (every TableGen construct) and
//! `tests/golden/dialect.ods` (every ODS feature). Outputs are compared
//! byte for byte with the committed files next to them:
//!
//! - `language.records.txt`: `--print-records` of language.ods
//! - `dialect.md`: `--gen-dialect-doc` of dialect.ods
//! - `dialect.model.txt`: the lowered op model (Debug form)
//! - `test_dialect_ops.rs.txt`, `test_dialect_types.rs.txt`,
//!   `test_dialect_attrs.rs.txt`, `test_dialect_interfaces.rs.txt`: the
//!   code generated for `dialects/ods/test.ods`
//!
//! After an intended change, regenerate them with
//! `BLESS=1 cargo test -p ods-spec --test golden` and review the diff.
//! language.ods is also checked against `mlir-tblgen --print-records` when
//! it is installed: every named def must print identically.

use std::path::{Path, PathBuf};
use std::process::Command;

const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `actual` with the golden file `name`, or rewrites it under BLESS.
fn check_golden(name: &str, actual: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).expect("golden file writable");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{name} missing; run with BLESS=1 to create it"));
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from the output at line {}:\n  golden: {:?}\n  actual: {:?}\n(BLESS=1 regenerates golden files)",
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first)
        );
    }
}

fn compile(file: &str) -> ods_spec::Compilation {
    let path = golden_dir().join(file);
    let text = std::fs::read_to_string(&path).expect("readable");
    match ods_spec::compile(file, &text, &[golden_dir()]) {
        Ok(c) => c,
        Err(e) => panic!("{file}:\n{}", e.render()),
    }
}

/// Named def blocks of a `--print-records` dump, anonymous numbers erased.
fn named_defs(dump: &str) -> Vec<(String, String)> {
    let defs = dump
        .split_once("------------- Defs -----------------\n")
        .map_or("", |x| x.1);
    let mut out = Vec::new();
    for block in defs.split_inclusive("\n}\n") {
        let name = block
            .strip_prefix("def ")
            .and_then(|b| b.split(' ').next())
            .unwrap_or("");
        if name.is_empty() || name.starts_with("anonymous_") {
            continue;
        }
        let mut erased = String::new();
        let mut rest = block;
        while let Some(p) = rest.find("anonymous_") {
            erased.push_str(&rest[..p + 10]);
            rest = rest[p + 10..].trim_start_matches(|c: char| c.is_ascii_digit());
        }
        erased.push_str(rest);
        out.push((name.to_string(), erased));
    }
    out
}

#[test]
fn language_records() {
    let c = compile("language.ods");
    let ours = c.records.print();
    check_golden("language.records.txt", &ours);
    if !Path::new(TBLGEN).exists() {
        println!("note: {TBLGEN} not found; skipped the comparison with mlir-tblgen");
        return;
    }
    let theirs = Command::new(TBLGEN)
        .arg("--print-records")
        .arg("-I")
        .arg(golden_dir())
        .arg(golden_dir().join("language.ods"))
        .output()
        .expect("mlir-tblgen runs");
    assert!(
        theirs.status.success(),
        "{}",
        String::from_utf8_lossy(&theirs.stderr)
    );
    let theirs = named_defs(&String::from_utf8_lossy(&theirs.stdout));
    let ours = named_defs(&ours);
    assert!(theirs.len() > 10);
    assert_eq!(theirs, ours, "named defs differ from mlir-tblgen");
}

#[test]
fn dialect_doc_and_model() {
    let c = compile("dialect.ods");
    let doc = match ods_spec::generate_dialect_doc(&c, None) {
        Ok(d) => d,
        Err(e) => panic!("{}", e.render()),
    };
    check_golden("dialect.md", &doc);
    let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("dialect.model.txt", &format!("{model:#?}\n"));
}

/// `--gen-enum-defs` of enums.ods; the output must also be what rustfmt
/// would print (checked when rustfmt is installed).
#[test]
fn enum_defs() {
    let compiled = compile("enums.ods");
    let code = ods_spec::generate_enum_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("enums.rs.txt", &code);
    let rustfmt = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    if let Ok(mut child) = rustfmt {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(code.as_bytes())
            .expect("rustfmt reads");
        let out = child.wait_with_output().expect("rustfmt finishes");
        // rustfmt's exit code does not reflect formatting differences on
        // stdin, so compare its output with ours.
        assert!(out.status.success(), "rustfmt rejects the generated enums");
        let formatted = String::from_utf8_lossy(&out.stdout);
        let first_diff = formatted
            .lines()
            .zip(code.lines())
            .position(|(a, b)| a != b);
        assert_eq!(
            formatted, code,
            "not rustfmt-clean, first difference at line {first_diff:?}"
        );
    }
}

/// `--gen-attrdef-defs` of ops.ods (its dialect enum attribute), compiled
/// and run by the `tests` crate with the op file.
#[test]
fn attr_defs() {
    let compiled = compile("ops.ods");
    let code = ods_spec::generate_attr_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("attrs.rs.txt", &code);
}

/// `--gen-op-defs` of ops.ods, which uses every construct the op generator
/// handles. The `tests` crate compiles and runs the same output
/// (`tests/tests/golden_ops.rs`), so this snapshot is known to build.
#[test]
fn op_defs() {
    let compiled = compile("ops.ods");
    let code = ods_spec::generate_op_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("ops.rs.txt", &code);
}

/// dialect.ods is written for the model and docs snapshots, but it is an
/// ordinary spec: Rust comes out of it too (its builder body ends without
/// a `;`, which once made the generated code unparsable).
#[test]
fn dialect_spec_generates_ops() {
    let compiled = compile("dialect.ods");
    let code = ods_spec::generate_op_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(code.contains("pub struct AddOp("), "{code}");
}

/// `--gen-op-defs` of the `test` dialect (`dialects/ods/test.ods`), the
/// spec whose ops together use every construct of the language; with
/// ops.ods this snapshot shows the generated code for each. The dialects
/// crate compiles the same output and tests it through its API
/// (`dialects/tests/test_*.rs`).
#[test]
fn test_dialect_op_defs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods");
    let text = std::fs::read_to_string(dir.join("test.ods")).expect("test.ods readable");
    let compiled = ods_spec::compile("test.ods", &text, &[dir])
        .unwrap_or_else(|e| panic!("test.ods:\n{}", e.render()));
    let code = ods_spec::generate_op_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_ops.rs.txt", &code);
}

/// The `test` dialect's `TypeDef`s and `AttrDef`s as generated
/// (`--gen-typedef-defs`, `--gen-attrdef-defs`).
#[test]
fn test_dialect_attr_and_type_defs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods");
    let text = std::fs::read_to_string(dir.join("test.ods")).expect("test.ods readable");
    let compiled = ods_spec::compile("test.ods", &text, &[dir])
        .unwrap_or_else(|e| panic!("test.ods:\n{}", e.render()));
    let types =
        ods_spec::generate_type_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_types.rs.txt", &types);
    let attrs =
        ods_spec::generate_attr_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_attrs.rs.txt", &attrs);
}

/// The `test` dialect's op interfaces as generated
/// (`--gen-op-interface-defs`): the trait, table and run-time handle of
/// each.
#[test]
fn test_dialect_op_interface_defs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods");
    let text = std::fs::read_to_string(dir.join("test.ods")).expect("test.ods readable");
    let compiled = ods_spec::compile("test.ods", &text, &[dir])
        .unwrap_or_else(|e| panic!("test.ods:\n{}", e.render()));
    let code = ods_spec::generate_op_interface_defs(&compiled)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_interfaces.rs.txt", &code);
    let code = ods_spec::generate_attr_interface_defs(&compiled)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_attr_interfaces.rs.txt", &code);
    let code = ods_spec::generate_type_interface_defs(&compiled)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    check_golden("test_dialect_type_interfaces.rs.txt", &code);
}

/// The testfmt dialect's `Testfmt_BoxType` (`dialects/ods/test_format.ods`,
/// the mirror of the C++ twin's) generates: its view, its registration
/// path in the dialect, and the format's parser and printer.
#[test]
fn test_format_box_type_generates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods");
    let text = std::fs::read_to_string(dir.join("test_format.ods")).expect("test_format.ods");
    let compiled = ods_spec::compile("test_format.ods", &text, &[dir])
        .unwrap_or_else(|e| panic!("test_format.ods:\n{}", e.render()));
    let types =
        ods_spec::generate_type_defs(&compiled).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(
        types.contains("pub struct BoxType(::ods_runtime::ir::Type);"),
        "{types}"
    );
    assert!(types.contains("name: \"Testfmt_BoxType\""), "{types}");
    assert!(types.contains("p.parse_less()?;"), "{types}");
    let model = compiled
        .model()
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let testfmt = model
        .dialects
        .iter()
        .find(|d| d.name == "testfmt")
        .expect("testfmt");
    assert_eq!(testfmt.type_defs.len(), 1, "{:?}", testfmt.type_defs);
    assert!(
        testfmt.type_defs[0].ends_with("::BoxType"),
        "{:?}",
        testfmt.type_defs
    );
}

/// The "Attributes" and "Types" sections of the `test` dialect's doc are
/// mlir-tblgen's, byte for byte (the rest differs on purpose: Rust paths,
/// properties and regions tables).
#[test]
fn definition_docs_match_mlir_tblgen() {
    if !Path::new(TBLGEN).exists() {
        println!("skipped: {TBLGEN} not found (install mlir-22-tools)");
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dialects/ods");
    let spec = dir.join("test.ods");
    let text = std::fs::read_to_string(&spec).expect("test.ods readable");
    let compiled = ods_spec::compile("test.ods", &text, std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("test.ods:\n{}", e.render()));
    let ours = ods_spec::generate_dialect_doc(&compiled, None)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let out = Command::new(TBLGEN)
        .args(["-gen-dialect-doc", "-I", "/usr/lib/llvm-22/include"])
        .arg(&spec)
        .output()
        .expect("mlir-tblgen runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs = String::from_utf8_lossy(&out.stdout).into_owned();
    let sections = |doc: &str| -> String {
        let start = doc.find("## Attributes\n").expect("an Attributes section");
        let end = doc.find("## Enums\n").expect("an Enums section");
        doc[start..end].to_string()
    };
    assert_eq!(sections(&theirs), sections(&ours));
}

/// The standard library's interfaces with methods, generated into
/// `ods-runtime/src/interfaces/generated.rs` (the traits ops listing
/// them implement): the file there must be what the library generates
/// now (`BLESS=1` rewrites it).
#[test]
fn std_interfaces_in_ods_runtime_are_current() {
    let code = ods_spec::generate_std_interface_defs().unwrap_or_else(|e| panic!("{}", e.render()));
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../ods-runtime/src/interfaces/generated.rs");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &code).expect("ods-runtime's generated.rs writable");
        return;
    }
    let kept = std::fs::read_to_string(&path).expect("ods-runtime's generated.rs readable");
    assert!(
        kept == code,
        "ods-runtime/src/interfaces/generated.rs is stale: run BLESS=1 cargo test -p ods-spec --test golden"
    );
}
