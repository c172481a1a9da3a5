//! Random control flow against `mlir-opt-22 --canonicalize`: each seed
//! builds three functions of 2 to 9 blocks with random `i32` arguments,
//! a few ops each (`arith` on the values in scope, `i1` constants and
//! calls, comparisons, `cf.assert`, calls with effects) and a random
//! terminator (`return`, `cf.br`, `cf.cond_br` with or without weights,
//! `cf.switch`) passing random values to the targets' arguments. Both
//! tools must print the result alike (custom form, and with locations for
//! every third seed): the cf patterns, region DCE with dead arguments and
//! unreachable blocks all run on it. A seed that differs is printed so it
//! can be replayed (`CF_SEED=n`). mlir-opt 22 crashes on a few such
//! inputs (a `cf.switch` pattern reads the case values of a switch that
//! has none); those seeds are reported and skipped.

use ods_tests::rng::Rng;
use ods_tests::{find_mlir_opt, run_tool, same_as_mlir_opt};

/// The values in scope in a block, by type.
struct Scope {
    ints: Vec<String>,
    bools: Vec<String>,
}

/// The ops of one block, each on its own line, adding their results to
/// `scope`.
fn block_body(rng: &mut Rng, scope: &mut Scope, next_value: &mut usize, out: &mut String) {
    for _ in 0..rng.below(4) {
        let v = format!("%v{next_value}");
        *next_value += 1;
        match rng.below(8) {
            0 | 1 => {
                let (a, b) = (rng.pick(&scope.ints).clone(), rng.pick(&scope.ints).clone());
                let op = rng.pick(&["addi", "muli", "subi"]);
                out.push_str(&format!("  {v} = arith.{op} {a}, {b} : i32\n"));
                scope.ints.push(v);
            }
            2 => {
                let k = rng.below(6) as i64 - 2;
                out.push_str(&format!("  {v} = arith.constant {k} : i32\n"));
                scope.ints.push(v);
            }
            3 => {
                let b = rng.pick(&["true", "false"]);
                out.push_str(&format!("  {v} = arith.constant {b}\n"));
                scope.bools.push(v);
            }
            4 => {
                out.push_str(&format!("  {v} = func.call @cond() : () -> i1\n"));
                scope.bools.push(v);
            }
            5 => {
                let (a, b) = (rng.pick(&scope.ints).clone(), rng.pick(&scope.ints).clone());
                out.push_str(&format!("  {v} = arith.cmpi slt, {a}, {b} : i32\n"));
                scope.bools.push(v);
            }
            6 => {
                let a = rng.pick(&scope.ints).clone();
                out.push_str(&format!("  func.call @use({a}) : (i32) -> ()\n"));
            }
            _ => {
                let c = rng.pick(&scope.bools).clone();
                out.push_str(&format!("  cf.assert {c}, \"checked\"\n"));
            }
        }
    }
}

/// `^bbN(values : types)` for a random target among `arity`'s blocks
/// (never the entry block).
fn target(rng: &mut Rng, scope: &Scope, arity: &[usize]) -> String {
    let t = 1 + rng.below(arity.len() - 1);
    if arity[t] == 0 {
        return format!("^bb{t}");
    }
    let values: Vec<String> = (0..arity[t])
        .map(|_| rng.pick(&scope.ints).clone())
        .collect();
    let types = vec!["i32"; arity[t]].join(", ");
    format!("^bb{t}({} : {types})", values.join(", "))
}

fn terminator(rng: &mut Rng, scope: &Scope, arity: &[usize], out: &mut String) {
    match rng.below(20) {
        0..=2 => {
            let v = rng.pick(&scope.ints);
            out.push_str(&format!("  return {v} : i32\n"));
        }
        3..=8 => out.push_str(&format!("  cf.br {}\n", target(rng, scope, arity))),
        9..=15 => {
            let c = rng.pick(&scope.bools);
            // Weights never all zero: that is an error, not control flow.
            let weights = match rng.below(8) {
                0 => format!(" weights([{}, {}])", rng.below(9) + 1, rng.below(10)),
                _ => String::new(),
            };
            let (t, f) = (target(rng, scope, arity), target(rng, scope, arity));
            out.push_str(&format!("  cf.cond_br {c}{weights}, {t}, {f}\n"));
        }
        _ => {
            let flag = rng.pick(&scope.ints);
            let mut values: Vec<i64> = Vec::new();
            for _ in 0..rng.below(4) {
                let v = rng.below(7) as i64 - 2;
                if !values.contains(&v) {
                    values.push(v);
                }
            }
            let mut cases = vec![format!("    default: {}", target(rng, scope, arity))];
            for v in values {
                cases.push(format!("    {v}: {}", target(rng, scope, arity)));
            }
            out.push_str(&format!(
                "  cf.switch {flag} : i32, [\n{}\n  ]\n",
                cases.join(",\n")
            ));
        }
    }
}

fn generate(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = String::from("func.func private @use(i32)\nfunc.func private @cond() -> i1\n\n");
    for f in 0..3 {
        let blocks = 2 + rng.below(8);
        let mut arity: Vec<usize> = (0..blocks).map(|_| rng.below(4)).collect();
        arity[0] = 0;
        out.push_str(&format!(
            "func.func @f{f}(%p0: i32, %p1: i32, %b0: i1, %b1: i1) -> i32 {{\n"
        ));
        let mut next_value = 0;
        for (b, &n) in arity.iter().enumerate() {
            let mut scope = Scope {
                ints: vec!["%p0".into(), "%p1".into()],
                bools: vec!["%b0".into(), "%b1".into()],
            };
            if b > 0 {
                let args: Vec<String> = (0..n).map(|i| format!("%a{b}_{i}")).collect();
                let list: Vec<String> = args.iter().map(|a| format!("{a}: i32")).collect();
                match n {
                    0 => out.push_str(&format!("^bb{b}:\n")),
                    _ => out.push_str(&format!("^bb{b}({}):\n", list.join(", "))),
                }
                scope.ints.extend(args);
            }
            block_body(&mut rng, &mut scope, &mut next_value, &mut out);
            terminator(&mut rng, &scope, &arity, &mut out);
        }
        out.push_str("}\n\n");
    }
    out
}

#[test]
fn random_control_flow_canonicalizes_as_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the random control-flow --canonicalize comparison") else {
        return;
    };
    let seeds: Vec<u64> = match std::env::var("CF_SEED") {
        Ok(s) => vec![s.parse().expect("CF_SEED is a number")],
        Err(_) => (1..=60).collect(),
    };
    let mut failures = Vec::new();
    let mut compared = 0;
    for seed in seeds {
        let text = generate(seed);
        let mut flags = vec!["--canonicalize"];
        if seed % 3 == 0 {
            flags.push("--mlir-print-debuginfo");
        }
        let ours = ods_tests::ods_opt_on(&flags, &text);
        assert_eq!(ours.status, 0, "seed {seed}: {}", ours.stderr_text());
        if run_tool(&mlir_opt, &flags, text.as_bytes()).status >= 128 {
            println!("seed {seed}: mlir-opt crashed; skipped");
            continue;
        }
        compared += 1;
        if let Err(e) = same_as_mlir_opt(&mlir_opt, &flags, text.as_bytes()) {
            failures.push(format!("seed {seed} ({}): {e}", flags.join(" ")));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
    assert!(compared > 0, "every seed was skipped");
}

/// The generated functions are valid and canonicalization changes them
/// (so the comparison above tests something).
#[test]
fn generated_control_flow_is_valid_and_simplifies() {
    for seed in 1..=5 {
        let text = generate(seed);
        let plain = ods_tests::ods_opt_on(&[], &text);
        assert_eq!(plain.status, 0, "seed {seed}: {}", plain.stderr_text());
        let simplified = ods_tests::ods_opt_on(&["--canonicalize"], &text);
        assert_eq!(
            simplified.status,
            0,
            "seed {seed}: {}",
            simplified.stderr_text()
        );
        assert_ne!(
            plain.stdout, simplified.stdout,
            "seed {seed} changes nothing"
        );
    }
}
