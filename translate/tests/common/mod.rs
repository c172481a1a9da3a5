//! What the translator's tests share: the corpora, the installed LLVM
//! tools, and running a process.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `.mlir` files of `translate/tests/<dir>`, sorted.
pub fn corpus(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
}

/// An installed LLVM 22 tool (`mlir-translate`, `lli`): `$VAR` if set,
/// else under `/usr/lib/llvm-22/bin`. Missing, it fails the test where
/// CI runs (`CI` or `REQUIRE_TWIN` set) and is skipped with a line
/// saying so elsewhere.
pub fn llvm_tool(name: &str, var: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new("/usr/lib/llvm-22/bin").join(name));
    if path.is_file() {
        return Some(path);
    }
    let required = std::env::var_os("CI").is_some() || std::env::var_os("REQUIRE_TWIN").is_some();
    assert!(!required, "{} is not installed (set {var})", path.display());
    println!("{} not found: skipping", path.display());
    None
}

/// What a process printed and its status.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// Runs `program` with `args` from `dir`.
pub fn run(program: &Path, args: &[&str], dir: &Path) -> Run {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// `ods-translate` in-process on a file. Its messages name the file by
/// its bare name, as `mlir-translate` run from the file's directory does
/// (the tool reads the whole path; the messages are rewritten).
pub fn ods_translate(file: &Path) -> Run {
    ods_translate_with(file, &[])
}

/// [`ods_translate`] with `flags` after `--mlir-to-llvmir`.
pub fn ods_translate_with(file: &Path, flags: &[&str]) -> Run {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a file name");
    let full = file.to_path_buf();
    let mut args = vec!["--mlir-to-llvmir"];
    args.extend_from_slice(flags);
    args.push(full.to_str().expect("a UTF-8 path"));
    let out = ods_translate::TranslateTool::new().run(&args, b"");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).replace(full.to_str().unwrap_or(""), name),
        status: out.status,
    }
}

/// The stderr of an `ods-translate --mlir-to-llvmir` run that must fail:
/// exit status 1 and nothing on stdout.
pub fn refused(input: &str) -> String {
    let out = ods_translate::TranslateTool::new().run(&["--mlir-to-llvmir"], input.as_bytes());
    assert_eq!(out.status, 1, "{}", String::from_utf8_lossy(&out.stdout));
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).expect("UTF-8")
}
