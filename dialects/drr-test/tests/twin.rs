//! The generated Rust patterns against their C++ twin: `twin/DrrTest.td`
//! (the same rules with C++ snippets) through `mlir-tblgen-22
//! -gen-rewriters`, compiled against `libMLIR.so` by `twin/build.sh`
//! into `drrt-twin-opt`. Every case under `tests/cases/` must come out of
//! `--canonicalize` byte for byte the same from both, in the custom form,
//! the generic form and with locations.
//!
//! Without the LLVM/MLIR 22 tools the test says so and passes (as the
//! other twin tests do); `ODS_REQUIRE_TWIN=1` makes that a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use ods_opt::OptTool;

const FLAGS: &[&[&str]] = &[
    &["--canonicalize"],
    &["--canonicalize", "--mlir-print-op-generic"],
    &["--canonicalize", "--mlir-print-debuginfo"],
];

fn registry(ctx: &mut ir::Context) -> ir::Registry {
    let mut reg = ir::Registry::new(ctx);
    dialect_drr_test::register(ctx, &mut reg);
    dialect_func::register(ctx, &mut reg);
    reg
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `program` runs (`--version`).
fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A hash of the twin's sources: the build is redone when they change.
fn sources_key() -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for name in [
        "DrrTest.td",
        "drrt.cpp",
        "build.sh",
        "../../../tests/twin/twin_lib.sh",
    ] {
        let bytes = std::fs::read(crate_dir().join("twin").join(name)).expect("twin source");
        for b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The twin executable, built when missing or stale; `None` when the
/// tools to build it are missing. Built once per test process: the tests
/// run on several threads and would otherwise build into one directory at
/// once.
fn twin() -> Option<PathBuf> {
    static TWIN: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    TWIN.get_or_init(build_twin).clone()
}

fn build_twin() -> Option<PathBuf> {
    let tools = ["mlir-tblgen-22", "llvm-config-22", "g++"];
    if let Some(missing) = tools.iter().find(|t| !runs(t)) {
        assert!(
            std::env::var_os("ODS_REQUIRE_TWIN").is_none(),
            "ODS_REQUIRE_TWIN is set but {missing} is missing"
        );
        eprintln!("skipping the drrt C++ twin: {missing} is missing");
        return None;
    }
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drrt-twin");
    let exe = out.join("drrt-twin-opt");
    let stamp = out.join("sources.key");
    let key = sources_key();
    let fresh = exe.exists() && std::fs::read_to_string(&stamp).is_ok_and(|k| k == key);
    if !fresh {
        let status = Command::new(crate_dir().join("twin/build.sh"))
            .arg(&out)
            .status()
            .expect("runs twin/build.sh");
        assert!(status.success(), "twin/build.sh failed");
        std::fs::write(&stamp, &key).expect("writes the stamp");
    }
    Some(exe)
}

/// `(status, stdout, stderr)` of the twin on `input`.
fn run_twin(exe: &Path, args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs the twin");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("writes stdin");
    let out = child.wait_with_output().expect("twin output");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn generated_patterns_rewrite_as_mlir_tblgen_s() {
    let Some(exe) = twin() else {
        return;
    };
    let mut cases: Vec<PathBuf> = std::fs::read_dir(crate_dir().join("tests/cases"))
        .expect("tests/cases")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 2, "the DRR cases are missing");
    let mut failures = Vec::new();
    for case in &cases {
        let input = std::fs::read(case).expect("case");
        for args in FLAGS {
            let ours = OptTool::new("drrt-opt", registry).run(args, &input[..]);
            let theirs = run_twin(&exe, args, &input);
            let ours = (
                ours.status,
                String::from_utf8_lossy(&ours.stdout).into_owned(),
            );
            if ours.0 != theirs.0 || ours.1 != theirs.1 {
                failures.push(format!(
                    "{} {}:\n--- ours (status {})\n{}\n--- twin (status {})\n{}{}",
                    case.display(),
                    args.join(" "),
                    ours.0,
                    ours.1,
                    theirs.0,
                    theirs.1,
                    theirs.2
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The names `enable-patterns` / `disable-patterns` match are the twin's:
/// each option below leaves the same patterns on in both, so the output
/// is the same (a bare def name matches nothing in either). A pattern's
/// name upstream is `llvm::getTypeName` of its class, which depends on
/// the C++ compiler: mlir-opt-22 (built with clang) says `(anonymous
/// namespace)::MulOfNeg`, ours too; the twin, built with g++, says
/// `{anonymous}::MulOfNeg`, so its options are spelled so.
#[test]
fn pattern_names_filter_as_in_the_twin() {
    let Some(exe) = twin() else {
        return;
    };
    let input = std::fs::read(crate_dir().join("tests/cases/groups.mlir")).expect("case");
    let options = [
        r#"--canonicalize=disable-patterns="(anonymous namespace)::MulOfNeg""#,
        r#"--canonicalize=disable-patterns="(anonymous namespace)::WrapOfNeg","(anonymous namespace)::SumOfNeg""#,
        r#"--canonicalize=enable-patterns="(anonymous namespace)::NegNeg""#,
        "--canonicalize=disable-patterns=MulOfNeg",
    ];
    let mut failures = Vec::new();
    for option in options {
        let args = [option];
        let ours = OptTool::new("drrt-opt", registry).run(&args, &input[..]);
        let ours = String::from_utf8_lossy(&ours.stdout).into_owned();
        let twin_option = option.replace("(anonymous namespace)::", "{anonymous}::");
        let (_, theirs, err) = run_twin(&exe, &[twin_option.as_str()], &input);
        if ours != theirs {
            failures.push(format!(
                "{option}:\n--- ours\n{ours}\n--- twin\n{theirs}{err}"
            ));
        }
    }
    // The options do change what runs (else the comparison shows nothing).
    let all = OptTool::new("drrt-opt", registry).run(&["--canonicalize"], &input[..]);
    let fewer = OptTool::new("drrt-opt", registry).run(&[options[0]], &input[..]);
    assert_ne!(
        all.stdout, fewer.stdout,
        "disabling MulOfNeg changes nothing"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
