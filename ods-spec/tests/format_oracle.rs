//! The invalid-format corpus against mlir-tblgen: every
//! `tests/malformed/format_*.ods` file is plain TableGen that
//! `mlir-tblgen -gen-op-defs` (`-gen-attrdef-defs` for the attribute
//! formats of `format_attrdef_*`) reads too. Our first error in each must have
//! exactly the text of mlir-tblgen's first error (positions differ in
//! form: mlir-tblgen points into a copy of the format, we point into the
//! `.ods` file, which `malformed.rs` checks). Skipped with a printed line
//! when mlir-tblgen or the upstream includes are missing.

use std::path::Path;
use std::process::Command;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";

/// The message of the first `error:` line mlir-tblgen prints
/// (`format_attrdef_*` files hold attribute formats: `-gen-attrdef-defs`).
fn tblgen_first_error(path: &Path) -> Option<String> {
    let attrdef = path
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("format_attrdef_"));
    let out = Command::new(TBLGEN)
        .arg(if attrdef {
            "-gen-attrdef-defs"
        } else {
            "-gen-op-defs"
        })
        .arg("-I")
        .arg(INCLUDE)
        .arg(path)
        .output()
        .expect("mlir-tblgen runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.split_once("error: ").map(|(_, m)| m.to_string()))
}

#[test]
fn format_errors_have_mlir_tblgen_wording() {
    if !Path::new(TBLGEN).exists() || !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!(
            "skipped: {TBLGEN} or {INCLUDE} not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/malformed exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("format_"))
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 90,
        "format corpus too small: {}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).expect("readable");
        let ours = match ods_spec::compile(&name, &text, &[]).and_then(|c| c.model()) {
            Ok(_) => {
                failures.push(format!("{name}: we accept it"));
                continue;
            }
            Err(e) => e.diagnostics[0].message.clone(),
        };
        match tblgen_first_error(path) {
            Some(theirs) if theirs == ours => {}
            Some(theirs) => failures.push(format!("{name}:\n  ours:   {ours}\n  theirs: {theirs}")),
            None => failures.push(format!("{name}: mlir-tblgen accepts it")),
        }
    }
    println!("{} invalid formats compared with mlir-tblgen", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
