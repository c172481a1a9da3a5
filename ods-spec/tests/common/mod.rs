//! What the tests over upstream MLIR's `.td` files share: where the
//! installed files are, and which of them define ops.

use std::path::{Path, PathBuf};

/// The include directory of the installed `libmlir-22-dev`.
pub const INCLUDE: &str = "/usr/lib/llvm-22/include";

/// Every `*Ops.td` file under `mlir/` of [`INCLUDE`], sorted; `None` (after
/// printing a skip line) when the files are not installed.
pub fn upstream_ops_files() -> Option<Vec<PathBuf>> {
    let root = Path::new(INCLUDE).join("mlir");
    if !root.join("IR/OpBase.td").exists() {
        println!("skipped: upstream .td files not found under {INCLUDE} (install libmlir-22-dev)");
        return None;
    }
    let mut files = Vec::new();
    ops_files(&root, &mut files);
    files.sort();
    Some(files)
}

fn ops_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            ops_files(&p, out);
        } else if p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().ends_with("Ops.td"))
        {
            out.push(p);
        }
    }
}
