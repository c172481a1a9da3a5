//! Pass instrumentation and pass options of `ods-opt` against
//! `mlir-opt-22`: the IR dumps around passes
//! (`--mlir-print-ir-before-all`, `-after-all`, `-after-change`,
//! `-after-failure`, `-module-scope`) byte for byte; the timing report
//! (`--mlir-timing`, tree and list) with its numbers masked; the
//! statistics report (`--mlir-pass-statistics`); canonicalize's options
//! where the corpus cannot hold them (a failing `test-convergence`), and
//! the option errors of the passes that take none.
//!
//! Debian's `mlir-opt` 22 is built without LLVM statistics: its report is
//! the header alone. Ours is checked for that header against it, and for
//! the body against the layout upstream's `PassStatistics.cpp` prints when
//! statistics are on.

use ods_tests::{describe_difference, find_mlir_opt, mask_timing_numbers, ods_opt_on, run_tool};

/// Two functions with work for CSE and canonicalize, and a private one
/// that symbol-dce erases.
const FUNCS: &str = "func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1 : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.addi %2, %c1 : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c2 : i32
  return %0 : i32
}
func.func private @dead() {
  return
}
";

/// A function that a nested symbol-dce fails on (it is no symbol table).
const ONE_FUNC: &str = "func.func @f() {
  return
}
";

/// Rewrites that do not settle in one round.
const CHAIN: &str = "func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  %2 = arith.addi %1, %c2 : i32
  return %2 : i32
}
";

/// Two identical blocks, merged at `region-simplify=aggressive` only.
const BLOCKS: &str = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %a : i32
  cf.br ^bb3(%0, %a : i32, i32)
^bb2:
  %1 = arith.addi %b, %b : i32
  cf.br ^bb3(%1, %a : i32, i32)
^bb3(%r: i32, %s: i32):
  %2 = arith.muli %r, %s : i32
  return %2 : i32
}
";

const SPLIT: &str = "func.func @a() {\n  return\n}\n// -----\nfunc.func @b(%x: i32) -> i32 {\n  %0 = arith.addi %x, %x : i32\n  %1 = arith.addi %x, %x : i32\n  return %0 : i32\n}\n";

/// Runs both tools on each case: stdout, stderr and status must be equal,
/// but for the tool's name where it names itself (`mlir-opt: for the
/// --x option: ...`).
fn compare_all(cases: &[(&[&str], &str)]) {
    let Some(mlir_opt) = find_mlir_opt("the pass instrumentation") else {
        return;
    };
    let mut failures = Vec::new();
    for (args, input) in cases {
        let theirs = run_tool(&mlir_opt, args, input.as_bytes());
        let ours = ods_opt_on(args, input);
        let their_err = String::from_utf8_lossy(&theirs.stderr)
            .replace("\nmlir-opt: ", "\nods-opt: ")
            .replacen(
                "mlir-opt: ",
                "ods-opt: ",
                usize::from(theirs.stderr.starts_with(b"mlir-opt: ")),
            );
        if theirs.status != ours.status {
            failures.push(format!(
                "{}: status {} vs {}: {}",
                args.join(" "),
                theirs.status,
                ours.status,
                ours.stderr_text()
            ));
        } else if theirs.stdout != ours.stdout {
            failures.push(format!(
                "{}: stdout: {}",
                args.join(" "),
                describe_difference(&theirs.stdout, &ours.stdout)
            ));
        } else if their_err.as_bytes() != ours.stderr {
            failures.push(format!(
                "{}: stderr: {}",
                args.join(" "),
                describe_difference(their_err.as_bytes(), &ours.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

#[test]
fn ir_dumps_match_mlir_opt() {
    const NESTED: &str = "--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce)";
    compare_all(&[
        // Nested passes dump their function; module passes the module.
        (
            &[
                NESTED,
                "--mlir-print-ir-before-all",
                "--mlir-print-ir-after-all",
                "--mlir-disable-threading",
            ],
            FUNCS,
        ),
        (&[NESTED, "--mlir-print-ir-after-all"], ONE_FUNC),
        // Only what changed.
        (
            &[
                NESTED,
                "--mlir-print-ir-after-all",
                "--mlir-print-ir-after-change",
                "--mlir-disable-threading",
            ],
            FUNCS,
        ),
        // After-change alone prints nothing.
        (&[NESTED, "--mlir-print-ir-after-change"], FUNCS),
        // The whole module, the op named in the header.
        (
            &[
                NESTED,
                "--mlir-print-ir-after-all",
                "--mlir-print-ir-module-scope",
                "--mlir-disable-threading",
            ],
            FUNCS,
        ),
        // Module scope needs one thread.
        (
            &[
                NESTED,
                "--mlir-print-ir-after-all",
                "--mlir-print-ir-module-scope",
            ],
            FUNCS,
        ),
        // Adjacent nestings merge: each function runs both passes in turn.
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse),func.func(canonicalize))",
                "--mlir-print-ir-before-all",
                "--mlir-disable-threading",
            ],
            FUNCS,
        ),
        // Pass flags, on the module, in the generic form.
        (
            &[
                "--cse",
                "--canonicalize",
                "--mlir-print-ir-before-all",
                "--mlir-print-op-generic",
            ],
            FUNCS,
        ),
        // A failing pass: its error first, then the failed dump.
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse,symbol-dce))",
                "--mlir-print-ir-after-failure",
            ],
            ONE_FUNC,
        ),
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse,symbol-dce))",
                "--mlir-print-ir-before-all",
                "--mlir-print-ir-after-all",
            ],
            ONE_FUNC,
        ),
        // canonicalize's test-convergence: a failure with no diagnostic.
        (
            &[
                "--canonicalize=max-iterations=1 test-convergence",
                "--mlir-print-ir-after-failure",
            ],
            CHAIN,
        ),
        // Named passes only, as a list or repeated.
        (
            &[
                NESTED,
                "--mlir-print-ir-after=cse,symbol-dce",
                "--mlir-print-ir-before=canonicalize",
                "--mlir-disable-threading",
            ],
            FUNCS,
        ),
        (
            &[
                "--cse",
                "--canonicalize",
                "--mlir-print-ir-after=canonicalize",
                "--mlir-print-ir-after=cse",
                "--mlir-print-ir-after-change",
            ],
            FUNCS,
        ),
        (&["--cse", "--mlir-print-ir-after=foo"], FUNCS),
        (&["--cse", "--mlir-print-ir-before="], FUNCS),
        // Each chunk dumps its own.
        (
            &["--split-input-file", "--cse", "--mlir-print-ir-after-all"],
            SPLIT,
        ),
        // A nested op dumps in local scope (its aliases written out), the
        // module with its alias definitions; --mlir-print-local-scope
        // drops them everywhere.
        (&[NESTED, "--mlir-print-ir-after-all"], ALIASES),
        (
            &[
                NESTED,
                "--mlir-print-ir-after-all",
                "--mlir-print-debuginfo",
            ],
            ALIASES,
        ),
        (
            &[
                NESTED,
                "--mlir-print-ir-after-all",
                "--mlir-print-local-scope",
            ],
            ALIASES,
        ),
        (&["--mlir-print-local-scope"], ALIASES),
        (
            &["--mlir-print-local-scope", "--mlir-print-debuginfo"],
            ALIASES,
        ),
        (
            &["--mlir-print-local-scope", "--mlir-print-op-generic"],
            ALIASES,
        ),
    ]);
}

/// Three functions, the first and last of which `convert-scf-to-cf`
/// cannot lower (an `scf.forall` with shared outputs is no loop it
/// knows), so a nested pipeline fails on two of them.
const FORALLS: &str = "func.func @f(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> tensor<4xf32> {
  }
  return %r : tensor<4xf32>
}
func.func @g(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  %1 = arith.addf %a, %a : f32
  return %0 : f32
}
func.func @h(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> tensor<4xf32> {
  }
  return %r : tensor<4xf32>
}
";

/// Where a failing pass's errors go among the IR dumps: on one thread
/// each function's errors come as they are emitted, before its `Failed`
/// dump and the next function's dumps; on several (mlir-opt's default)
/// the errors of the functions a nested pipeline runs on are held back
/// and come after all of that pipeline's dumps, in function order.
/// (mlir-opt's dumps of several functions come in thread order then, so
/// the threaded cases dump one function only.)
#[test]
fn failure_dumps_and_errors_interleave_as_mlir_opt() {
    const SCF: &str = "--pass-pipeline=builtin.module(func.func(cse,convert-scf-to-cf))";
    const DCE: &str = "--pass-pipeline=builtin.module(func.func(cse,symbol-dce))";
    const ONE_THREAD: &str = "--mlir-disable-threading";
    // Only @f fails: on several threads its dump comes before its error.
    let first_only = FORALLS.split("func.func @h").next().unwrap();
    let mut cases: Vec<(&[&str], &str)> = vec![
        (&[SCF, "--mlir-print-ir-after-failure"], first_only),
        (
            &[SCF, "--mlir-print-ir-after-failure", ONE_THREAD],
            first_only,
        ),
        (&[SCF], FORALLS),
        (&[DCE], FUNCS),
    ];
    for dumps in [
        &["--mlir-print-ir-after-all"][..],
        &["--mlir-print-ir-after-failure"],
        &["--mlir-print-ir-before-all", "--mlir-print-ir-after-all"],
        &["--mlir-print-ir-after-all", "--mlir-print-ir-after-change"],
    ] {
        for (pipeline, input) in [(SCF, FORALLS), (DCE, FUNCS)] {
            let mut args = vec![pipeline];
            args.extend_from_slice(dumps);
            args.push(ONE_THREAD);
            cases.push((Vec::leak(args), input));
        }
    }
    // A module pass before the nested one dumps first; the one after it
    // does not run.
    cases.push((
        &[
            "--pass-pipeline=builtin.module(symbol-dce,func.func(convert-scf-to-cf),cse)",
            "--mlir-print-ir-after-all",
            ONE_THREAD,
        ],
        FORALLS,
    ));
    compare_all(&cases);
}

/// `--mlir-print-ir-tree-dir`: the dumps go to files, one per pass and
/// op, in a directory per op from the module down; the same files with
/// the same text as mlir-opt's, and nothing on stderr.
#[test]
fn tree_dir_dumps_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the IR dump tree") else {
        return;
    };
    const NESTED_MODULE: &str = "func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %1 : i32
}
module @inner {
  func.func @\"k/l\"() {
    return
  }
}
";
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce,builtin.module(func.func(cse)))",
                "--mlir-print-ir-after-all",
                "--mlir-print-ir-before=symbol-dce",
            ],
            NESTED_MODULE,
        ),
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse,convert-scf-to-cf))",
                "--mlir-print-ir-after-failure",
                "--mlir-disable-threading",
            ],
            FORALLS,
        ),
        (
            &["--cse", "--mlir-print-ir-before-all", "--mlir-print-ir-module-scope", "--mlir-disable-threading"],
            FUNCS,
        ),
    ];
    // The tools make the tree's root but not its parent.
    let root = std::env::temp_dir().join(format!("ods-tree-dir-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    let mut failures = Vec::new();
    for (i, (args, input)) in cases.iter().enumerate() {
        let mut trees = Vec::new();
        for tool in ["mlir-opt", "ods-opt"] {
            let dir = root.join(format!("{i}-{tool}"));
            let flag = format!("--mlir-print-ir-tree-dir={}", dir.display());
            let mut all = args.to_vec();
            all.push(&flag);
            let out = if tool == "mlir-opt" {
                run_tool(&mlir_opt, &all, input.as_bytes())
            } else {
                ods_opt_on(&all, input)
            };
            let stderr = out.stderr_text();
            trees.push((out.status, out.stdout, stderr, read_tree(&dir)));
        }
        let (theirs, ours) = (&trees[0], &trees[1]);
        if theirs.3.is_empty() {
            failures.push(format!("case {i}: mlir-opt wrote no file"));
        } else if theirs != ours {
            failures.push(format!(
                "case {i}:\nmlir-opt: {:?}\nods-opt:  {:?}",
                (theirs.0, &theirs.2, &theirs.3),
                (ours.0, &ours.2, &ours.3)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

/// Every file under `dir`, by its path there, with its text.
fn read_tree(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(dir).unwrap().display().to_string();
                files.push((name, std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    files.sort();
    files
}

/// A module whose attributes and locations get aliases.
const ALIASES: &str = "#map = affine_map<(d0) -> (d0 * 2)>
func.func @f(%m: memref<8xf32, #map>) -> memref<8xf32, #map> {
  %c = arith.constant 1 : i32
  %d = arith.addi %c, %c : i32
  return %m : memref<8xf32, #map>
}
";

#[test]
fn canonicalize_options_match_mlir_opt() {
    compare_all(&[
        (&["--canonicalize=max-iterations=1 test-convergence"], CHAIN),
        (&["--canonicalize=max-iterations=2 test-convergence"], CHAIN),
        (
            &["--pass-pipeline=builtin.module(canonicalize{max-iterations=1 test-convergence=true})"],
            CHAIN,
        ),
        (&["--canonicalize=max-num-rewrites=1 max-iterations=1"], CHAIN),
        (
            &["--canonicalize=enable-patterns=x disable-patterns=\"y z\",{w}"],
            CHAIN,
        ),
        (&["--canonicalize=max-num-rewrites=x"], CHAIN),
        (
            &["--pass-pipeline=builtin.module(func.func(canonicalize{region-simplify=aggressive}))"],
            BLOCKS,
        ),
        (&["--canonicalize=region-simplify=normal"], BLOCKS),
        (&["--canonicalize=region-simplify=disabled"], BLOCKS),
        (&["--canonicalize=region-simplify=wild"], BLOCKS),
        (&["--canonicalize=test-convergence=2"], CHAIN),
        // The passes that take no options.
        (&["--cse=x"], CHAIN),
        (&["--symbol-dce=x=1"], CHAIN),
        (&["--loop-invariant-code-motion=hoist"], CHAIN),
        (&["--pass-pipeline=builtin.module(symbol-dce{x})"], CHAIN),
        (
            &["--pass-pipeline=builtin.module(func.func(loop-invariant-code-motion{a=1}))"],
            CHAIN,
        ),
        (
            &["--pass-pipeline=builtin.module(func.func(builtin.module(cse{a=1})))"],
            CHAIN,
        ),
        (
            &["--pass-pipeline=builtin.module(func.func(canonicalize{top-down=x}))"],
            CHAIN,
        ),
    ]);
}

#[test]
fn flag_errors_match_mlir_opt() {
    compare_all(&[
        (&["--mlir-timing-display=foo"], CHAIN),
        (&["--mlir-pass-statistics-display=tree"], CHAIN),
        (&["--mlir-print-ir-after-all=maybe"], CHAIN),
    ]);
}

/// The entries of a list report (names only, sorted: equal times make
/// the order vary).
fn list_names(report: &str) -> Vec<String> {
    let mut names: Vec<String> = report
        .lines()
        .filter(|l| l.contains("%)"))
        .map(|l| l.rsplit("%)").next().unwrap_or("").trim().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn timing_reports_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the timing reports") else {
        return;
    };
    const NESTED: &str =
        "--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce,cse,cse)";
    let tree_cases: &[(&[&str], &str)] = &[
        (
            &[NESTED, "--mlir-timing", "--mlir-disable-threading"],
            FUNCS,
        ),
        // Several functions on threads: user time is shown.
        (&[NESTED, "--mlir-timing"], FUNCS),
        // One function runs on the main thread: no user time.
        (&[NESTED, "--mlir-timing"], ONE_FUNC),
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse),builtin.module(cse))",
                "--mlir-timing",
                "--mlir-timing-display=tree",
                "--mlir-disable-threading",
            ],
            "func.func @f() {\n  return\n}\nmodule @m {\n  func.func @g() {\n    return\n  }\n}\n",
        ),
        (&["--cse", "--canonicalize", "--mlir-timing"], FUNCS),
        (&["--mlir-timing"], FUNCS),
        // A failed pass: no output phase.
        (
            &[
                "--pass-pipeline=builtin.module(func.func(symbol-dce))",
                "--mlir-timing",
            ],
            ONE_FUNC,
        ),
        // A report per chunk.
        (&["--split-input-file", "--cse", "--mlir-timing"], SPLIT),
    ];
    let mut failures = Vec::new();
    for (args, input) in tree_cases {
        let theirs = run_tool(&mlir_opt, args, input.as_bytes());
        let ours = ods_opt_on(args, input);
        let (t, o) = (
            mask_timing_numbers(&String::from_utf8_lossy(&theirs.stderr)),
            mask_timing_numbers(&ours.stderr_text()),
        );
        if t != o || theirs.status != ours.status || theirs.stdout != ours.stdout {
            failures.push(format!(
                "{}: {}",
                args.join(" "),
                describe_difference(t.as_bytes(), o.as_bytes())
            ));
        }
    }
    for threads in [&[][..], &["--mlir-disable-threading"][..]] {
        let mut args = vec![NESTED, "--mlir-timing", "--mlir-timing-display=list"];
        args.extend_from_slice(threads);
        let theirs = run_tool(&mlir_opt, &args, FUNCS.as_bytes());
        let ours = ods_opt_on(&args, FUNCS);
        let theirs = String::from_utf8_lossy(&theirs.stderr).into_owned();
        let ours = ours.stderr_text();
        let head = |s: &str| mask_timing_numbers(&s.lines().take(6).collect::<Vec<_>>().join("\n"));
        if head(&theirs) != head(&ours) || list_names(&theirs) != list_names(&ours) {
            failures.push(format!("{}:\n{theirs}\nvs\n{ours}", args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

const STATS_HEADER: &str =
    "===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
";

#[test]
fn statistics_reports() {
    const NESTED: &str =
        "--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce,cse)";
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &[NESTED, "--mlir-pass-statistics"],
            FUNCS,
            "'func.func' Pipeline
  CSE
    (S) 1 num-cse'd - Number of operations CSE'd
    (S) 1 num-dce'd - Number of operations DCE'd
  Canonicalizer
SymbolDCE
  (S) 1 num-dce'd - Number of symbols DCE'd
CSE
  (S) 0 num-cse'd - Number of operations CSE'd
  (S) 0 num-dce'd - Number of operations DCE'd

",
        ),
        (
            &[
                NESTED,
                "--mlir-pass-statistics",
                "--mlir-pass-statistics-display=list",
            ],
            FUNCS,
            "  CSE
    (S) 1 num-cse'd - Number of operations CSE'd
    (S) 1 num-dce'd - Number of operations DCE'd
  SymbolDCE
    (S) 1 num-dce'd - Number of symbols DCE'd

",
        ),
        (
            &[
                "--pass-pipeline=builtin.module(func.func(cse),builtin.module(cse))",
                "--mlir-pass-statistics",
            ],
            "func.func @f() {\n  return\n}\nmodule @m {\n}\n",
            "Pipeline Collection : ['builtin.module', 'func.func']
  'builtin.module' Pipeline
    CSE
      (S) 0 num-cse'd - Number of operations CSE'd
      (S) 0 num-dce'd - Number of operations DCE'd
  'func.func' Pipeline
    CSE
      (S) 0 num-cse'd - Number of operations CSE'd
      (S) 0 num-dce'd - Number of operations DCE'd

",
        ),
        (&["--mlir-pass-statistics"], ONE_FUNC, "\n"),
    ];
    let mlir_opt = find_mlir_opt("the statistics header");
    let mut failures = Vec::new();
    for (args, input, body) in cases {
        let ours = ods_opt_on(args, input);
        let want = format!("{STATS_HEADER}{body}");
        if ours.stderr_text() != want || ours.status != 0 {
            failures.push(format!(
                "{}: {}",
                args.join(" "),
                describe_difference(want.as_bytes(), &ours.stderr)
            ));
        }
        if let Some(mlir_opt) = &mlir_opt {
            let theirs = run_tool(mlir_opt, args, input.as_bytes());
            let text = String::from_utf8_lossy(&theirs.stderr);
            if !text.starts_with(STATS_HEADER) || theirs.stdout != ours.stdout {
                failures.push(format!("{}: mlir-opt printed {text}", args.join(" ")));
            }
        }
    }
    // Per chunk, counted afresh.
    let ours = ods_opt_on(
        &["--split-input-file", "--cse", "--mlir-pass-statistics"],
        SPLIT,
    );
    let chunk = |merged: u32, dead: u32| {
        format!("{STATS_HEADER}CSE\n  (S) {merged} num-cse'd - Number of operations CSE'd\n  (S) {dead} num-dce'd - Number of operations DCE'd\n\n")
    };
    let want = format!("{}{}", chunk(0, 0), chunk(0, 1));
    if ours.stderr_text() != want {
        failures.push(format!(
            "split: {}",
            describe_difference(want.as_bytes(), &ours.stderr)
        ));
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}
