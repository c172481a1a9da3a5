//! Chapter 5's lowering against upstream's: for each program of
//! `tests/lowering/`, the Toy IR upstream's `toyc-ch5 -emit=mlir -opt`
//! printed (`NAME.input.mlir`, chapter 4's optimized IR) is lowered by
//! `toy-opt` with the pipeline toyc runs for `-emit=mlir-affine` after
//! chapter 4's passes (the lowering, then `canonicalize` and `cse` on each
//! `func.func`), and the module must be what `toyc-ch5 -emit=mlir-affine`
//! printed (`NAME.expected.mlir`), byte for byte. So only the lowering
//! (and the canonicalizer and CSE on its output) is under test, not our
//! front end. `tests/lowering/regen.sh` says how the files were made.
//!
//! Where upstream's lowering fails, its expected file holds toyc's error
//! (with the `.toy` source line toyc reads back); ours runs on the IR
//! text, whose locations are other, so there the message text is
//! compared, not the location.

use std::path::{Path, PathBuf};

/// The pipeline of `toyc-ch5 -emit=mlir-affine` after chapter 4's passes.
const PIPELINE: &str =
    "--pass-pipeline=builtin.module(toy-lower-to-affine, func.func(canonicalize, cse))";

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lowering")
}

/// The case names: the `.toy` programs of `tests/lowering/`.
fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .expect("tests/lowering")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".toy").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

fn read(name: &str) -> String {
    let path = cases_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `toy-opt` with `args` on `input`: (stdout, stderr, status).
fn toy_opt(args: &[&str], input: &str) -> (String, String, i32) {
    let out = toy::toy_opt().run(args, input.as_bytes());
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
        out.status,
    )
}

/// The message of each `error:` line of `stderr`, without its location.
fn error_messages(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter_map(|l| l.split_once(" error: ").map(|(_, m)| m))
        .collect()
}

#[test]
fn every_case_has_its_oracle_files() {
    let names = cases();
    assert!(names.len() >= 6, "{names:?}");
    for name in &names {
        assert!(!read(&format!("{name}.input.mlir")).is_empty(), "{name}");
        assert!(!read(&format!("{name}.expected.mlir")).is_empty(), "{name}");
    }
}

#[test]
fn lowering_prints_what_toyc_ch5_prints() {
    let mut differ = Vec::new();
    for name in cases() {
        let input = read(&format!("{name}.input.mlir"));
        let expected = read(&format!("{name}.expected.mlir"));
        let (stdout, stderr, status) = toy_opt(&[PIPELINE], &input);
        if expected.starts_with("module {") {
            // toyc dumps the module with one line break at its end;
            // toy-opt prints mlir-opt's (a blank line after it).
            if (status, stderr.as_str(), stdout.trim_end()) != (0, "", expected.trim_end()) {
                differ.push(format!(
                    "{name}: status {status}\n--- ours\n{stdout}{stderr}--- toyc-ch5\n{expected}"
                ));
            }
        } else {
            let ours = error_messages(&stderr);
            let theirs = error_messages(&expected);
            if status == 0 || ours != theirs {
                differ.push(format!(
                    "{name}: status {status}, errors {ours:?}, toyc-ch5's {theirs:?}\n{stderr}"
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The lowering alone, before the canonicalizer: what upstream's patterns
/// build, in their order (allocations at the top, newest first; index
/// constants made up front; one loop per dimension; deallocations before
/// the terminator).
#[test]
fn lowering_alone_builds_upstreams_ops_in_order() {
    let input = "toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf64>
  %1 = toy.transpose(%0 : tensor<1x3xf64>) to tensor<3x1xf64>
  toy.print %1 : tensor<3x1xf64>
  toy.return
}
";
    let (stdout, stderr, status) = toy_opt(&["--toy-lower-to-affine"], input);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let expected = "module {
  func.func @main() {
    %alloc = memref.alloc() : memref<3x1xf64>
    %alloc_0 = memref.alloc() : memref<1x3xf64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 1.000000e+00 : f64
    affine.store %cst, %alloc_0[%c0, %c0] : memref<1x3xf64>
    %cst_1 = arith.constant 2.000000e+00 : f64
    affine.store %cst_1, %alloc_0[%c0, %c1] : memref<1x3xf64>
    %cst_2 = arith.constant 3.000000e+00 : f64
    affine.store %cst_2, %alloc_0[%c0, %c2] : memref<1x3xf64>
    affine.for %arg0 = 0 to 3 {
      affine.for %arg1 = 0 to 1 {
        %0 = affine.load %alloc_0[%arg1, %arg0] : memref<1x3xf64>
        affine.store %0, %alloc[%arg0, %arg1] : memref<3x1xf64>
      }
    }
    toy.print %alloc : memref<3x1xf64>
    memref.dealloc %alloc_0 : memref<1x3xf64>
    memref.dealloc %alloc : memref<3x1xf64>
    return
  }
}
";
    assert_eq!(stdout.trim_end(), expected.trim_end());
}

#[test]
fn a_function_left_uncalled_or_with_a_signature_fails_the_pass() {
    // Only `main` is lowered; another function (never inlined) stays
    // illegal, and the module is left as it was.
    let other = "toy.func @helper() {
  toy.return
}
";
    let (stdout, stderr, status) = toy_opt(&["--toy-lower-to-affine"], other);
    assert_ne!(status, 0);
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(
        error_messages(&stderr),
        ["failed to legalize operation 'toy.func' that was explicitly marked illegal"],
        "{stderr}"
    );
    let with_argument = "toy.func @main(%arg0: tensor<2xf64>) {
  toy.print %arg0 : tensor<2xf64>
  toy.return
}
";
    let (_, stderr, status) = toy_opt(&["--toy-lower-to-affine"], with_argument);
    assert_ne!(status, 0);
    assert_eq!(
        error_messages(&stderr).first().copied(),
        Some("failed to legalize operation 'toy.func' that was explicitly marked illegal"),
        "{stderr}"
    );
}

#[test]
fn a_return_with_an_operand_is_not_lowered() {
    let input = "toy.func @main() -> tensor<2xf64> {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  toy.return %0 : tensor<2xf64>
}
";
    let (_, stderr, status) = toy_opt(&["--toy-lower-to-affine"], input);
    assert_ne!(status, 0);
    assert!(
        stderr.contains("failed to legalize operation 'toy.func'"),
        "{stderr}"
    );
}

/// The whole of `toyc-ch5 -emit=mlir-affine` (our front end, chapter 4's
/// passes, the lowering, `canonicalize` and `cse`) on each `.toy`
/// program: toyc's stderr, byte for byte, and its status (4 when the
/// lowering fails, whose messages name the file as it was given, here by
/// its full path, so only their text is compared).
#[test]
fn toyc_ch5_emit_mlir_affine_prints_what_upstream_prints() {
    let mut differ = Vec::new();
    for name in cases() {
        let path = cases_dir().join(format!("{name}.toy"));
        let args = [
            "toyc-ch5".to_string(),
            path.display().to_string(),
            "-emit=mlir-affine".to_string(),
        ];
        let out = toy::toyc::run(&toy::toyc::CH5, &args, &mut std::io::empty());
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        let expected = read(&format!("{name}.expected.mlir"));
        let same = if expected.starts_with("module {") {
            out.status == 0 && stderr == expected
        } else {
            out.status == 4 && error_messages(&stderr) == error_messages(&expected)
        };
        if !same || !out.stdout.is_empty() {
            differ.push(format!(
                "{name}: status {}\n--- ours\n{stderr}--- toyc-ch5\n{expected}",
                out.status
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
