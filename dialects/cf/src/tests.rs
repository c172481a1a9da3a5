//! `cf`'s hand-written pieces against `mlir-opt`, through `ods-opt`'s
//! registry: which operands go to which successor (checked by the core
//! against block arguments) and `cf.switch`'s verifier. Bodies sit in an
//! unregistered op.

use crate::testing::{assert_verify_errors, our_first_error};

fn wrap(op: &str, blocks: &str) -> String {
    format!("\"t.f\"() ({{\n^bb0(%a: i32, %c: i1):\n  {op}\n{blocks}}}) : () -> ()\n")
}

const SWITCH_SEGMENTS: &str =
    "case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 1>";

#[test]
fn branches_fail_as_mlir_opt_says() {
    let tail = "^bb1:\n  \"t.r\"() : () -> ()\n^bb2(%x: i64):\n  \"t.r\"() : () -> ()\n";
    let cases = [
        (
            wrap("\"cf.br\"(%a)[^bb1] : (i32) -> ()", tail),
            "3:3: branch has 1 operands for successor #0, but target block has 0",
        ),
        (
            wrap(
                "\"cf.cond_br\"(%c, %a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()",
                tail,
            ),
            "3:3: branch has 1 operands for successor #0, but target block has 0",
        ),
        (
            wrap(
                &format!("\"cf.switch\"(%a, %a)[^bb1, ^bb2] <{{case_values = dense<[4]> : vector<1xi32>, {SWITCH_SEGMENTS}}}> : (i32, i32) -> ()"),
                tail,
            ),
            "3:3: type mismatch for bb argument #0 of successor #1",
        ),
        (
            wrap(
                &format!("\"cf.switch\"(%a, %a)[^bb3, ^bb1] <{{case_values = dense<[4]> : vector<1xi64>, {SWITCH_SEGMENTS}}}> : (i32, i32) -> ()"),
                "^bb1(%y: i32):\n  \"t.r\"() : () -> ()\n^bb3:\n  \"t.r\"() : () -> ()\n",
            ),
            "3:3: 'cf.switch' op 'flag' type ('i32') should match case value type ('i64')",
        ),
        (
            wrap(
                &format!("\"cf.switch\"(%a, %a)[^bb3, ^bb1] <{{case_values = dense<[4, 5]> : vector<2xi32>, {SWITCH_SEGMENTS}}}> : (i32, i32) -> ()"),
                "^bb1(%y: i32):\n  \"t.r\"() : () -> ()\n^bb3:\n  \"t.r\"() : () -> ()\n",
            ),
            "3:3: 'cf.switch' op number of case values (2) should match number of case destinations (1)",
        ),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    assert_verify_errors(crate::testing::registry, &cases);
    let good = wrap(
        &format!("\"cf.switch\"(%a, %a)[^bb1, ^bb2] <{{case_values = dense<[4]> : vector<1xi32>, {SWITCH_SEGMENTS}}}> : (i32, i32) -> ()"),
        "^bb1:\n  \"cf.cond_br\"(%c, %a)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()\n^bb2(%x: i32):\n  \"cf.br\"()[^bb1] : () -> ()\n",
    );
    assert_eq!(our_first_error(&good, crate::testing::registry), Ok(()));
}

/// Case destinations without `case_values`: an error (mlir-opt-22 crashes
/// in its verifier, so it is not consulted). Found by the `passes` fuzzer:
/// a mutated property name left the cases without values, which the
/// verifier accepted and `--canonicalize` then printed without its cases.
#[test]
fn switch_cases_without_values_are_an_error() {
    let text = "\"t.f\"() ({\n^bb0(%a: i32, %c: i1):\n  \"cf.switch\"(%a, %a)[^bb3, ^bb1] <{case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()\n^bb1(%y: i32):\n  \"t.r\"() : () -> ()\n^bb3:\n  \"t.r\"() : () -> ()\n}) : () -> ()\n";
    let err = our_first_error(text, crate::testing::registry).expect_err("rejected");
    assert!(
        err.contains(
            "'cf.switch' op number of case values (0) should match number of case destinations (1)"
        ),
        "{err}"
    );
}
