//! The C++ twin of the `testfmt` dialect: the oracle for assembly-format
//! features that no upstream dialect in `mlir-opt` shows.
//!
//! In: `tests/twin/` (`TestFormatOps.td`, `testfmt.cpp`, `build.sh`) and the
//! LLVM/MLIR 22 development tools. Out: the path of a `testfmt-opt`
//! executable (`mlir-opt` with the testfmt dialect), built once per content
//! hash of its inputs into `<target dir>/testfmt-twin/<hash>/`, and runners
//! that compare it with `ods-opt`. When a tool is missing, [`find_twin`]
//! prints one line naming it and the caller skips; with `REQUIRE_TWIN=1`
//! (set by `.ci/run`) a missing tool is a failure instead.

use crate::{describe_difference, first_line, run_ods_opt, run_tool, DriverRun};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

/// The twin's sources, `tests/twin`.
pub fn twin_sources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("twin")
}

/// The files whose contents decide the cache key (with the tool versions).
const INPUTS: &[&str] = &["TestFormatOps.td", "testfmt.cpp", "build.sh", "twin_lib.sh"];

/// One tool or file the build needs: how to find it, and which Debian
/// package provides it (for the skip message).
struct Need {
    what: String,
    package: &'static str,
}

/// The tools the build runs; each can be overridden by the environment
/// variable that `build.sh` reads.
fn tool(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

/// The first line a tool prints for `--version`, or `None` when it cannot
/// be run.
fn version(program: &str) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    Some(
        text.lines()
            .find(|l| !l.trim().is_empty())?
            .trim()
            .to_string(),
    )
}

/// `llvm-config ARG`, trimmed.
fn llvm_config(program: &str, arg: &str) -> Option<PathBuf> {
    let out = Command::new(program).arg(arg).output().ok()?;
    out.status
        .success()
        .then(|| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

/// What the build needs and does not find; empty when everything is there.
/// Also returns the tool versions, which go into the cache key.
fn missing_tools() -> (Vec<Need>, Vec<String>) {
    let mut missing = Vec::new();
    let mut versions = Vec::new();
    let mut check = |program: String, package: &'static str| match version(&program) {
        Some(v) => versions.push(v),
        None => missing.push(Need {
            what: program,
            package,
        }),
    };
    check(tool("MLIR_TBLGEN", "mlir-tblgen-22"), "mlir-22-tools");
    check(tool("CXX", "g++"), "g++");
    let config = tool("LLVM_CONFIG", "llvm-config-22");
    check(config.clone(), "llvm-22");
    if let (Some(include), Some(lib)) = (
        llvm_config(&config, "--includedir"),
        llvm_config(&config, "--libdir"),
    ) {
        let files: [(PathBuf, &'static str); 3] = [
            (include.join("llvm/Support/raw_ostream.h"), "llvm-22-dev"),
            (
                include.join("mlir/Tools/mlir-opt/MlirOptMain.h"),
                "libmlir-22-dev",
            ),
            (lib.join("libMLIR.so"), "libmlir-22-dev"),
        ];
        for (file, package) in files {
            if !file.is_file() {
                missing.push(Need {
                    what: file.display().to_string(),
                    package,
                });
            }
        }
    }
    (missing, versions)
}

/// FNV-1a, 64 bits: a hash whose value is fixed by its definition, so the
/// cache key does not change with the Rust version.
fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The cache key: the inputs' names and contents and the tool versions.
fn cache_key(versions: &[String]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325;
    for name in INPUTS {
        let path = twin_sources().join(name);
        let bytes =
            std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        hash = fnv1a(name.as_bytes(), hash);
        hash = fnv1a(&(bytes.len() as u64).to_le_bytes(), hash);
        hash = fnv1a(&bytes, hash);
    }
    for v in versions {
        hash = fnv1a(v.as_bytes(), hash);
    }
    format!("{hash:016x}")
}

/// Cargo's target directory: `CARGO_TARGET_DIR` when it is an absolute
/// path, else the directory above the running test executable that holds
/// Cargo's `CACHEDIR.TAG` (so any working directory works), else the
/// workspace's `target/`.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from) {
        if dir.is_absolute() {
            return dir;
        }
    }
    if let Ok(exe) = std::env::current_exe() {
        if let Some(dir) = exe.ancestors().find(|d| d.join("CACHEDIR.TAG").is_file()) {
            return dir.to_path_buf();
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target")
}

/// Whether a missing tool fails the test instead of skipping it.
fn twin_required() -> bool {
    std::env::var_os("REQUIRE_TWIN").is_some_and(|v| v == "1")
}

/// Reports that `what` cannot run because of `why`: one printed line and
/// the caller skips, or a panic under `REQUIRE_TWIN=1`.
pub fn skip_without_tools(why: &str, what: &str) {
    if twin_required() {
        panic!("{why} (REQUIRE_TWIN=1)");
    }
    println!("{why}: skipping {what}");
}

/// Builds the twin into `dir` (through a temporary directory beside it, so
/// a build that is interrupted or runs twice at once never leaves a broken
/// executable there). Panics with the build's output when it fails.
fn build_into(dir: &Path) {
    let parent = dir.parent().expect("cache directory has a parent");
    std::fs::create_dir_all(parent)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", parent.display()));
    let tmp = parent.join(format!(
        "{}.tmp{}",
        dir.file_name().unwrap().to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    let start = Instant::now();
    let out = Command::new("bash")
        .arg(twin_sources().join("build.sh"))
        .arg(&tmp)
        .output()
        .unwrap_or_else(|e| panic!("cannot run bash for tests/twin/build.sh: {e}"));
    if !out.status.success() {
        panic!(
            "tests/twin/build.sh failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Another process may have finished the same build first: keep its.
    if std::fs::rename(&tmp, dir).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    println!(
        "built the C++ twin in {:.1} s: {}",
        start.elapsed().as_secs_f64(),
        dir.join("testfmt-opt").display()
    );
}

/// The twin's executable, built on first use; `None` (after printing one
/// line that names what is missing and says `what` is skipped) when the
/// tools to build it are not installed.
pub fn find_twin(what: &str) -> Option<PathBuf> {
    static TWIN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let found = TWIN.get_or_init(|| {
        let (missing, versions) = missing_tools();
        if !missing.is_empty() {
            let list: Vec<String> = missing
                .iter()
                .map(|n| format!("{} (Debian package {})", n.what, n.package))
                .collect();
            return Err(format!(
                "the C++ twin of the testfmt dialect cannot be built: missing {}",
                list.join(", ")
            ));
        }
        let dir = target_dir().join("testfmt-twin").join(cache_key(&versions));
        let exe = dir.join("testfmt-opt");
        if !exe.is_file() {
            build_into(&dir);
        }
        Ok(exe)
    });
    match found {
        Ok(exe) => Some(exe.clone()),
        Err(why) => {
            skip_without_tools(why, what);
            None
        }
    }
}

/// The twin's output on `stdin` with `args`; `Err` holds its stderr when it
/// rejects the input.
pub fn twin_output(twin: &Path, args: &[&str], stdin: &[u8]) -> Result<Vec<u8>, String> {
    let out = run_tool(twin, args, stdin);
    if out.status == 0 {
        Ok(out.stdout)
    } else {
        Err(format!("exit {}: {}", out.status, out.stderr_text()))
    }
}

/// How the twin's messages name the dialect's C++ types (`::testfmt::Shape`,
/// namespace `::testfmt`, the `::mlir::Type` of a type parameter) and how
/// `ods-opt`'s name the Rust ones (`crate::testfmt::Shape`, the mirror's
/// `cppNamespace`, `::ir::Type`): the twin's
/// stderr is read through this rewrite, the one
/// `tests/tests/format_twin.rs` applies to the records.
const CPP_TO_RUST_NAMES: &[(&str, &str)] = &[
    (" ::testfmt::", " crate::testfmt::"),
    ("`::testfmt::", "`crate::testfmt::"),
    ("`::mlir::Type`", "`::ir::Type`"),
];

/// The twin's stderr with its C++ type names written as the Rust ones.
fn rust_names(stderr: &str) -> String {
    CPP_TO_RUST_NAMES
        .iter()
        .fold(stderr.to_string(), |text, (cpp, rust)| {
            text.replace(cpp, rust)
        })
}

/// `ods-opt` and the twin, given the same `args` and `stdin`, print the
/// same bytes on stdout and stderr (the twin's C++ type names read as the
/// Rust ones) and exit alike (`what` names the input in the error).
pub fn check_text_against_twin(
    twin: &Path,
    args: &[&str],
    stdin: &[u8],
    what: &str,
) -> Result<(), String> {
    let theirs = run_tool(twin, args, stdin);
    let ours = match run_ods_opt(args, stdin) {
        DriverRun::Finished(out) => out,
        DriverRun::Panicked(msg) => return Err(format!("{what}: ods-opt panicked: {msg}")),
    };
    if ours.status != theirs.status {
        return Err(format!(
            "{what}: ods-opt exits {} ({}), the twin {} ({})",
            ours.status,
            first_line(&ours.stderr_text()),
            theirs.status,
            first_line(&theirs.stderr_text())
        ));
    }
    if ours.stdout != theirs.stdout {
        return Err(format!(
            "{what}: stdout differs from the twin's (\"mlir-opt\" below is the twin)\n{}",
            describe_difference(&theirs.stdout, &ours.stdout)
        ));
    }
    let their_stderr = rust_names(&theirs.stderr_text());
    if ours.stderr_text() != their_stderr {
        return Err(format!(
            "{what}: stderr differs from the twin's\n  twin:    {}\n  ods-opt: {}",
            their_stderr,
            ours.stderr_text()
        ));
    }
    Ok(())
}

/// The comparison issue 8 asks for, for one custom-form corpus file:
/// `ods-opt` prints what the twin prints, byte for byte, custom to custom,
/// custom to generic, and generic (the twin's) back to custom.
pub fn check_against_twin(twin: &Path, file: &Path) -> Result<(), String> {
    let text = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let name = file.display();
    check_text_against_twin(twin, &[], &text, &format!("{name}, custom to custom"))?;
    let generic = ["--mlir-print-op-generic"];
    check_text_against_twin(twin, &generic, &text, &format!("{name}, custom to generic"))?;
    let generic_text = twin_output(twin, &generic, &text)
        .map_err(|e| format!("{name}: the twin rejects the file: {e}"))?;
    check_text_against_twin(
        twin,
        &[],
        &generic_text,
        &format!("{name}, generic to custom"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twin_type_names_read_as_rust_names() {
        assert_eq!(
            rust_names("expected ::testfmt::Shape to be one of: a, which is to be a `::testfmt::Shape`"),
            "expected crate::testfmt::Shape to be one of: a, which is to be a `crate::testfmt::Shape`"
        );
        assert_eq!(rust_names("no names here"), "no names here");
    }

    #[test]
    fn fnv1a_is_the_published_function() {
        // Test vectors of FNV-1a 64.
        assert_eq!(fnv1a(b"", 0xcbf2_9ce4_8422_2325), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a", 0xcbf2_9ce4_8422_2325), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(
            fnv1a(b"foobar", 0xcbf2_9ce4_8422_2325),
            0x8594_4171_f739_67e8
        );
    }

    #[test]
    fn cache_key_depends_on_the_tool_versions() {
        let a = cache_key(&["g++ 12".into()]);
        assert_eq!(a, cache_key(&["g++ 12".into()]));
        assert_ne!(a, cache_key(&["g++ 13".into()]));
        assert_eq!(a.len(), 16);
    }

    #[test]
    fn target_dir_is_an_existing_directory() {
        // Tests run from Cargo's target directory, which holds CACHEDIR.TAG
        // (or CARGO_TARGET_DIR names it).
        assert!(target_dir().is_dir(), "{}", target_dir().display());
    }
}
