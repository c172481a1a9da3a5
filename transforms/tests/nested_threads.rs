//! Nested pipelines on one thread and on several: the same IR, errors,
//! log and statistics, whatever the thread count (the functions are
//! shared among worker threads, each in a unit arena and a context shard,
//! and put back in order).

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::OpDisplay;
use ir::{Context, Registry, SourceManager};
use ods_transforms::pass::{Instruments, PassRegistry, Pipeline, ReportSettings};

/// Functions whose canonicalization folds to new constants (new integer
/// attributes: interned in the workers' shards), with common
/// subexpressions, and names and types no other function
/// uses; the third one keeps a cast no pass can remove when `bad`.
fn module(functions: usize, bad: Option<usize>) -> String {
    let mut text = String::from("module {\n");
    for k in 0..functions {
        let width = 16 + k % 5;
        text.push_str(&format!(
            r#"  func.func @f{k}(%a: i{width}, %c: i1) -> i{width} {{
    %x = arith.constant {k} : i{width}
    %y = arith.constant {} : i{width}
    %s = arith.addi %x, %y : i{width}
    %t = arith.muli %s, %a : i{width}
    %u = arith.muli %s, %a : i{width}
    %v = arith.addi %t, %u : i{width}
    %r = arith.select %c, %v, %a : i{width}
    "test.note{k}"(%r) {{tag = "only in f{k}"}} : (i{width}) -> ()
"#,
            k * 7 + 1000
        ));
        if bad == Some(k) {
            text.push_str(&format!(
                "    %w = builtin.unrealized_conversion_cast %r : i{width} to i64\n    \"test.use\"(%w) : (i64) -> ()\n"
            ));
        }
        text.push_str(&format!("    return %r : i{width}\n  }}\n"));
    }
    text.push_str("}\n");
    text
}

/// What a run shows: the printed module (or the errors), the log and
/// the statistics report.
fn run(pipeline: &str, input: &str, threads: usize) -> (String, String, String) {
    run_counting(pipeline, input, threads).0
}

/// [`run`], and how many ops the store held before and after (a run on
/// worker threads copies the functions into new arena ranges).
fn run_counting(
    pipeline: &str,
    input: &str,
    threads: usize,
) -> ((String, String, String), (usize, usize)) {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let mut reg = Registry::new(&mut ctx);
    dialect_func::register(&mut ctx, &mut reg);
    dialect_arith::register(&mut ctx, &mut reg);
    let mut sm = SourceManager::new();
    let file = sm.add(ir::SourceFile::new("t.mlir", input));
    let (mut ir, root) = parse_source(&mut ctx, &reg, sm.file(file)).expect("the input parses");
    let passes = PassRegistry::with_standard_passes();
    let mut pipeline = Pipeline::parse(pipeline, &passes).expect("the pipeline reads");
    let before = pipeline.statistics();
    let ops_before = ir.op_capacity();
    let mut inst = Instruments::new(None, false, threads > 1);
    inst.threads = threads;
    let report = ReportSettings {
        sources: Some(&sm),
        op_display: OpDisplay {
            note: true,
            debug_info: false,
        },
    };
    let ran = pipeline.run_instrumented(
        &mut ctx,
        &reg,
        &mut ir,
        root,
        report,
        &mut |_, _| Vec::new(),
        &mut inst,
    );
    let shown = match ran {
        Ok(()) => print_module(&ctx, &ir, &reg, root, PrintOptions::default(), None),
        Err(errors) => errors.iter().map(|d| sm.render(d)).collect(),
    };
    let stats = pipeline.statistics_report(&before, Default::default());
    let log = inst.log.render(|d| sm.render(d));
    ((shown, log, stats), (ops_before, ir.op_capacity()))
}

#[test]
fn nested_pipelines_give_the_same_output_on_any_thread_count() {
    let input = module(9, None);
    for pipeline in [
        "builtin.module(func.func(canonicalize,cse))",
        "builtin.module(func.func(cse),func.func(canonicalize{top-down=false}))",
        "builtin.module(any(canonicalize))",
    ] {
        let one = run(pipeline, &input, 1);
        assert!(one.0.contains("func.func @f8"), "{pipeline}: {}", one.0);
        for threads in [2, 3, 16] {
            assert_eq!(
                run(pipeline, &input, threads),
                one,
                "{pipeline} on {threads} threads"
            );
        }
    }
    // On two threads the functions were copied out and back (in place,
    // cse and canonicalize make a few ops: far fewer than the copies).
    let (_, (before, after)) = run_counting("builtin.module(func.func(cse))", &input, 2);
    assert!(after >= 2 * before - 2, "{before} -> {after}");
    let (_, (before, after)) = run_counting("builtin.module(func.func(cse))", &input, 1);
    assert_eq!(after, before);
    // The passes did something: folded constants, merged the muli.
    let (out, _, stats) = run("builtin.module(func.func(canonicalize,cse))", &input, 2);
    assert!(out.contains("arith.constant 1008 : i17"), "{out}");
    assert_eq!(out.matches("arith.muli").count(), 9, "{out}");
    assert!(stats.contains("CSE"), "{stats}");
}

/// Nested modules, each with a dead private function and a public one,
/// and a function at position `bad` among them.
fn modules(count: usize, bad: usize) -> String {
    let mut text = String::from("module {\n");
    for k in 0..count {
        if k == bad {
            text.push_str(&format!("  func.func @bad{k}() {{\n    return\n  }}\n"));
        }
        text.push_str(&format!(
            "  module @m{k} {{\n    func.func private @dead{k}() {{\n      return\n    }}\n    func.func @kept{k}() {{\n      return\n    }}\n  }}\n"
        ));
    }
    text.push_str("}\n");
    text
}

#[test]
fn a_failure_in_one_op_reads_as_on_one_thread() {
    // symbol-dce refuses an op that is no symbol table: the function.
    let pipeline = "builtin.module(any(symbol-dce))";
    for bad in [0, 3, 7] {
        let input = modules(8, bad);
        let one = run(pipeline, &input, 1);
        assert!(
            one.0
                .contains("error: 'func.func' op  was scheduled to run under SymbolDCE"),
            "{}",
            one.0
        );
        assert_eq!(run(pipeline, &input, 2), one);
        assert_eq!(run(pipeline, &input, 5), one);
    }
    // Without the function it runs: a public nested module keeps its
    // public symbols (it has a parent, in its unit too).
    let input = modules(8, 99);
    let one = run(pipeline, &input, 1);
    assert!(
        one.0.contains("@kept7") && !one.0.contains("@dead"),
        "{}",
        one.0
    );
    assert_eq!(run(pipeline, &input, 2), one);
}

#[test]
fn statistics_sum_over_the_worker_copies() {
    let input = module(12, None);
    let pipeline = "builtin.module(func.func(cse))";
    let (_, _, one) = run(pipeline, &input, 1);
    let (_, _, two) = run(pipeline, &input, 2);
    assert_eq!(one, two);
    assert!(one.contains("12 num-cse'd"), "{one}");
}
