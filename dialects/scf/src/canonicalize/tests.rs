//! The scf patterns on small modules, one pattern (or the dialect's list)
//! at a time: what each rewrites away and what it must leave. The whole
//! output is compared with `mlir-opt` by the canonicalize corpus
//! (`tests/corpus/canonicalize/scf.mlir`); these check the decisions.

use super::*;
use crate::testing::{count_ops as count, parse_module};
use ir::{Context, Ir};

/// `text` canonicalized with `patterns` (and every fold).
fn canonicalized(text: &str, patterns: &[Pattern]) -> (Context, Ir, OpId) {
    let (mut ctx, reg, mut ir, module) = parse_module(text);
    let converged =
        ods_transforms::rewrite::canonicalize(&mut ctx, &reg, &mut ir, module, patterns, None);
    assert!(converged, "no fixed point on\n{text}");
    (ctx, ir, module)
}

/// A function running one `scf.for` from `lb` to `ub` by `step` (all of
/// type `ty`, `unsigned` for the unsigned comparison) whose body calls out.
fn one_loop(lb: &str, ub: &str, step: &str, ty: &str, unsigned: bool) -> String {
    let kw = if unsigned { "unsigned " } else { "" };
    let suffix = if ty == "index" {
        String::new()
    } else {
        format!(" : {ty}")
    };
    format!(
        "func.func private @use()\n\
         func.func @f(%n: {ty}) {{\n\
           %lb = {lb}\n\
           %ub = {ub}\n\
           %step = arith.constant {step} : {ty}\n\
           scf.for {kw}%i = %lb to %ub step %step{suffix} {{\n\
             func.call @use() : () -> ()\n\
           }}\n\
           return\n\
         }}\n"
    )
}

fn loops_left(text: &str) -> usize {
    let patterns = [pattern("scf.for", inline::inline_region_branch)];
    let (ctx, ir, m) = canonicalized(text, &patterns);
    count(&ctx, &ir, m, "scf.for")
}

#[test]
fn loops_of_zero_or_one_iterations_are_inlined() {
    let c = |v: i64, ty: &str| format!("arith.constant {v} : {ty}");
    // Constant bounds: zero, one, two iterations; a negative step never
    // enters the body.
    assert_eq!(
        loops_left(&one_loop(
            &c(4, "index"),
            &c(0, "index"),
            "1",
            "index",
            false
        )),
        0
    );
    assert_eq!(
        loops_left(&one_loop(
            &c(0, "index"),
            &c(4, "index"),
            "8",
            "index",
            false
        )),
        0
    );
    assert_eq!(
        loops_left(&one_loop(
            &c(0, "index"),
            &c(8, "index"),
            "4",
            "index",
            false
        )),
        1
    );
    assert_eq!(
        loops_left(&one_loop(&c(0, "i32"), &c(3, "i32"), "3", "i32", false)),
        0
    );
    // Unsigned: 4 to -1 is almost 2^64 values apart, not none.
    assert_eq!(
        loops_left(&one_loop(
            &c(4, "index"),
            &c(-1, "index"),
            "8",
            "index",
            true
        )),
        1
    );
    assert_eq!(
        loops_left(&one_loop(
            &c(4, "index"),
            &c(-1, "index"),
            "8",
            "index",
            false
        )),
        0
    );
}

#[test]
fn a_bound_offset_by_a_constant_counts_only_without_wrapping() {
    // `ub = lb + 4` by 4: one iteration, known only when the addition
    // cannot wrap (`nsw` for the signed comparison).
    let offset = |flags: &str| {
        format!(
            "func.func private @use()\n\
             func.func @f(%lb: index) {{\n\
               %c4 = arith.constant 4 : index\n\
               %ub = arith.addi %lb, %c4 {flags}: index\n\
               scf.for %i = %lb to %ub step %c4 {{\n\
                 func.call @use() : () -> ()\n\
               }}\n\
               return\n\
             }}\n"
        )
    };
    assert_eq!(loops_left(&offset("overflow<nsw> ")), 0);
    assert_eq!(loops_left(&offset("overflow<nuw> ")), 1);
    assert_eq!(loops_left(&offset("")), 1);
}

#[test]
fn if_patterns_leave_what_they_must() {
    let text = "func.func private @use(i32)\n\
        func.func @f(%c: i1, %d: i1, %x: i32) {\n\
          scf.if %c {\n\
            func.call @use(%x) : (i32) -> ()\n\
          }\n\
          scf.if %d {\n\
            func.call @use(%x) : (i32) -> ()\n\
          }\n\
          %t = arith.constant true\n\
          scf.if %t {\n\
            func.call @use(%x) : (i32) -> ()\n\
          }\n\
          return\n\
        }\n";
    let (ctx, ir, m) = canonicalized(text, CANONICALIZATION_PATTERNS);
    // Two conditions stay apart; the constant one is inlined.
    assert_eq!(count(&ctx, &ir, m, "scf.if"), 2);
    assert_eq!(count(&ctx, &ir, m, "func.call"), 3);
}

#[test]
fn dead_and_duplicate_results_go_together_with_their_yields() {
    let text = "func.func private @val() -> i32\n\
        func.func @f(%c: i1) -> (i32, i32) {\n\
          %r:3 = scf.if %c -> (i32, i32, i32) {\n\
            %a = func.call @val() : () -> i32\n\
            scf.yield %a, %a, %a : i32, i32, i32\n\
          } else {\n\
            %b = func.call @val() : () -> i32\n\
            scf.yield %b, %b, %b : i32, i32, i32\n\
          }\n\
          return %r#0, %r#1 : i32, i32\n\
        }\n";
    let (ctx, ir, m) = canonicalized(text, CANONICALIZATION_PATTERNS);
    let if_op = crate::testing::nth_op(&ctx, &ir, m, "scf.if", 0);
    assert_eq!(ir.num_results(if_op), 1);
    let yield_op = crate::testing::nth_op(&ctx, &ir, m, "scf.yield", 0);
    assert_eq!(ir.num_operands(yield_op), 1);
}

#[test]
fn execute_region_marked_no_inline_stays() {
    let text = "func.func private @val() -> i32\n\
        func.func @f() -> (i32, i32) {\n\
          %r = scf.execute_region -> i32 {\n\
            %a = func.call @val() : () -> i32\n\
            scf.yield %a : i32\n\
          }\n\
          %s = scf.execute_region -> i32 no_inline {\n\
            %b = func.call @val() : () -> i32\n\
            scf.yield %b : i32\n\
          }\n\
          return %r, %s : i32, i32\n\
        }\n";
    let (ctx, ir, m) = canonicalized(text, CANONICALIZATION_PATTERNS);
    assert_eq!(count(&ctx, &ir, m, "scf.execute_region"), 1);
}

/// Which argument of `@f` each operand of its `func.return` is (`None`:
/// not an argument) once the loop in `body` has been through
/// `make_successor_inputs_dead` alone.
fn returned_arguments(body: &str) -> Vec<Option<usize>> {
    let text = format!(
        "func.func @f(%lb: index, %ub: index, %s: index, %x: f32, %y: f32) -> (f32, f32) {{\n\
           {body}\n\
           return %r#0, %r#1 : f32, f32\n\
         }}\n"
    );
    let patterns = [pattern(
        "scf.for",
        successor_inputs::make_successor_inputs_dead,
    )];
    let (ctx, ir, m) = canonicalized(&text, &patterns);
    let ret = crate::testing::nth_op(&ctx, &ir, m, "func.return", 0);
    ir.operands(ret)
        .map(|v| match ir.value_def(v) {
            ir::ValueDef::Argument { index, .. } => Some(index as usize),
            _ => None,
        })
        .collect()
}

#[test]
fn loop_inputs_holding_one_value_take_it_and_others_stay() {
    let for_op = |inits: &str, yields: &str| {
        format!(
            "%r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = {inits}) -> (f32, f32) {{\n\
               %t = arith.addf %a, %b : f32\n\
               scf.yield {yields} : f32, f32\n\
             }}"
        )
    };
    // Yielded unchanged: the result is the initial value.
    assert_eq!(
        returned_arguments(&for_op("%x, %b = %y", "%t, %b")),
        vec![None, Some(4)]
    );
    // Swapped, both starting from `%x`: both only ever hold `%x`.
    assert_eq!(
        returned_arguments(&for_op("%x, %b = %x", "%b, %a")),
        vec![Some(3), Some(3)]
    );
    // Swapped from different values, or a new value each iteration: kept.
    assert_eq!(
        returned_arguments(&for_op("%x, %b = %y", "%b, %a")),
        vec![None, None]
    );
    assert_eq!(
        returned_arguments(&for_op("%x, %b = %y", "%t, %t")),
        vec![None, None]
    );
}
