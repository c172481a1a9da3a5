//! `--convert-scf-to-cf` without `mlir-opt`: what the lowering makes of a
//! small function, and a failure that leaves the IR as it was. (The
//! byte-for-byte comparison with `mlir-opt-22` is
//! `tests/corpus/passes/scf_to_cf_*.mlir`, run by the `ods-tests` crate.)

use ir::{Context, Registry};
use ods_opt::OptTool;
use ods_transforms::pass::PassRegistry;

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    dialect_arith::register(ctx, &mut reg);
    dialect_cf::register(ctx, &mut reg);
    dialect_func::register(ctx, &mut reg);
    dialect_scf::register(ctx, &mut reg);
    reg
}

fn tool() -> OptTool {
    let mut passes = PassRegistry::new();
    ods_conversion::register_passes(&mut passes);
    passes
        .passes()
        .iter()
        .fold(OptTool::new("scf-opt", registry), |t, &p| t.with_pass(p))
}

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = tool().run(args, input.as_bytes());
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_if_with_results_becomes_a_diamond() {
    let input = "func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {\n  %r = scf.if %c -> i32 {\n    scf.yield %x : i32\n  } else {\n    scf.yield %y : i32\n  }\n  return %r : i32\n}\n";
    let (status, out, err) = run(&["--convert-scf-to-cf"], input);
    assert_eq!(status, 0, "{err}");
    let expected = "module {\n  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {\n    cf.cond_br %arg0, ^bb1, ^bb2\n  ^bb1:  // pred: ^bb0\n    cf.br ^bb3(%arg1 : i32)\n  ^bb2:  // pred: ^bb0\n    cf.br ^bb3(%arg2 : i32)\n  ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2\n    cf.br ^bb4\n  ^bb4:  // pred: ^bb3\n    return %0 : i32\n  }\n}\n\n";
    assert_eq!(out, expected, "{out}");
}

#[test]
fn a_loop_counts_up_and_branches_back() {
    let input = "func.func @f(%lb: index, %ub: index, %st: index) {\n  scf.for %i = %lb to %ub step %st {\n  }\n  return\n}\n";
    let (status, out, err) = run(&["--convert-scf-to-cf"], input);
    assert_eq!(status, 0, "{err}");
    for line in [
        "cf.br ^bb1(%arg0 : index)",
        "%1 = arith.cmpi slt, %0, %arg1 : index",
        "cf.cond_br %1, ^bb2, ^bb3",
        "%2 = arith.addi %0, %arg2 : index",
        "cf.br ^bb1(%2 : index)",
    ] {
        assert!(out.contains(line), "no `{line}` in\n{out}");
    }
    assert!(!out.contains("scf."), "{out}");
}

#[test]
fn a_forall_with_shared_outputs_fails_and_everything_is_undone() {
    let input = "func.func @f(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {\n  scf.if %c {\n  }\n  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {\n    scf.forall.in_parallel {\n    }\n  }\n  return %r : tensor<4xf32>\n}\n";
    let (status, out, err) = run(
        &["--convert-scf-to-cf", "--mlir-print-ir-after-failure"],
        input,
    );
    assert_eq!(status, 1);
    assert!(
        err.contains(
            "error: failed to legalize operation 'scf.forall' that was explicitly marked illegal"
        ),
        "{err}"
    );
    // The scf.if lowered before the failure is back.
    let (_, original, _) = run(&[], input);
    let dump = err
        .split("//----- //\n")
        .nth(1)
        .expect("the IR dumped after the failure");
    assert_eq!(dump.trim_end(), original.trim_end(), "{err}");
    assert!(out.is_empty(), "{out}");
}
