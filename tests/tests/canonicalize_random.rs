//! Random foldable arith IR against `mlir-opt-22 --canonicalize`: each seed
//! builds one function of constants and arguments of every integer and
//! float type run through random binary ops, comparisons, selects and
//! casts (edge values included: 0, 1, -1, the signed extremes, NaN, -0);
//! both tools must print it alike (custom form, and with locations for
//! every third seed). A seed that differs is printed so it can be
//! replayed (`FOLD_SEED=n`).

use ods_tests::rng::Rng;
use ods_tests::{find_mlir_opt, same_as_mlir_opt};

const INTS: &[&str] = &["i1", "i8", "i16", "i32", "i64", "index"];
const FLOATS: &[&str] = &["f16", "bf16", "f32", "f64"];
const INT_OPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "ceildivsi",
    "ceildivui",
    "floordivsi",
    "remsi",
    "remui",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrui",
    "shrsi",
    "maxsi",
    "maxui",
    "minsi",
    "minui",
];
const FLOAT_OPS: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
];
const INT_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const FLOAT_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

fn width(ty: &str) -> u32 {
    if ty == "index" {
        64
    } else {
        ty[1..].parse().expect("an integer type")
    }
}

/// The values of each type built so far.
struct Pool {
    values: Vec<(String, Vec<String>)>,
}

impl Pool {
    fn of(&mut self, ty: &str) -> &mut Vec<String> {
        let i = self
            .values
            .iter()
            .position(|(t, _)| t == ty)
            .expect("a known type");
        &mut self.values[i].1
    }
}

fn int_literal(rng: &mut Rng, ty: &str) -> String {
    let w = width(ty);
    let min = -(1i128 << (w - 1));
    let max = (1i128 << (w - 1)) - 1;
    let special = [0, 1, -1, 2, 3, -7, 5, max, min];
    let v = if rng.below(4) == 0 {
        min + (rng.next_u64() as i128).rem_euclid(max - min + 1)
    } else {
        *rng.pick(&special)
    };
    v.to_string()
}

fn float_literal(rng: &mut Rng) -> &'static str {
    const LITERALS: &[&str] = &[
        "0.0",
        "-0.0",
        "1.0",
        "-1.0",
        "0.5",
        "2.5",
        "-3.75",
        "1.0e10",
        "0.1",
        "7.0",
        "-2.0",
        "0x7FC00000",
    ];
    LITERALS[rng.below(LITERALS.len())]
}

/// One random function.
fn generate(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pool = Pool {
        values: INTS
            .iter()
            .chain(FLOATS)
            .map(|t| (t.to_string(), Vec::new()))
            .collect(),
    };
    let mut args = Vec::new();
    let mut body = Vec::new();
    let mut n = 0;
    let mut fresh = || {
        n += 1;
        format!("%v{n}")
    };
    for ty in INTS.iter().chain(FLOATS) {
        let a = format!("%a_{ty}");
        args.push(format!("{a}: {ty}"));
        pool.of(ty).push(a);
    }
    for &ty in INTS {
        for _ in 0..3 {
            let v = fresh();
            let line = match ty {
                "i1" => format!("  {v} = arith.constant {}", rng.pick(&["true", "false"])),
                _ => format!(
                    "  {v} = arith.constant {} : {ty}",
                    int_literal(&mut rng, ty)
                ),
            };
            body.push(line);
            pool.of(ty).push(v);
        }
    }
    for &ty in FLOATS {
        for _ in 0..3 {
            let mut lit = float_literal(&mut rng);
            if lit.starts_with("0x") && ty != "f32" {
                lit = "3.0";
            }
            let v = fresh();
            body.push(format!("  {v} = arith.constant {lit} : {ty}"));
            pool.of(ty).push(v);
        }
    }
    for _ in 0..60 {
        let v = fresh();
        match rng.below(20) {
            0..=8 => {
                let ty = *rng.pick(INTS);
                let op = *rng.pick(INT_OPS);
                if ty == "i1" && op.starts_with("sh") {
                    continue;
                }
                let (a, b) = (rng.pick(pool.of(ty)).clone(), rng.pick(pool.of(ty)).clone());
                body.push(format!("  {v} = arith.{op} {a}, {b} : {ty}"));
                pool.of(ty).push(v);
            }
            9..=12 => {
                let ty = *rng.pick(FLOATS);
                let op = *rng.pick(FLOAT_OPS);
                let (a, b) = (rng.pick(pool.of(ty)).clone(), rng.pick(pool.of(ty)).clone());
                body.push(format!("  {v} = arith.{op} {a}, {b} : {ty}"));
                pool.of(ty).push(v);
            }
            13 | 14 => {
                let float = rng.below(2) == 0;
                let (ty, op, pred) = if float {
                    (*rng.pick(FLOATS), "cmpf", *rng.pick(FLOAT_PREDICATES))
                } else {
                    (*rng.pick(INTS), "cmpi", *rng.pick(INT_PREDICATES))
                };
                let (a, b) = (rng.pick(pool.of(ty)).clone(), rng.pick(pool.of(ty)).clone());
                body.push(format!("  {v} = arith.{op} {pred}, {a}, {b} : {ty}"));
                pool.of("i1").push(v);
            }
            15 => {
                let all: Vec<&str> = INTS.iter().chain(FLOATS).copied().collect();
                let ty = *rng.pick(&all);
                let c = rng.pick(pool.of("i1")).clone();
                let (a, b) = (rng.pick(pool.of(ty)).clone(), rng.pick(pool.of(ty)).clone());
                body.push(format!("  {v} = arith.select {c}, {a}, {b} : {ty}"));
                pool.of(ty).push(v);
            }
            _ => {
                let Some((line, ty)) = cast(&mut rng, &mut pool, &v) else {
                    continue;
                };
                body.push(line);
                pool.of(&ty).push(v);
            }
        }
    }
    let mut results = Vec::new();
    for ty in INTS.iter().chain(FLOATS) {
        let values = pool.of(ty);
        for v in &values[values.len().saturating_sub(3)..] {
            results.push((v.clone(), ty.to_string()));
        }
    }
    let types: Vec<&str> = results.iter().map(|(_, t)| t.as_str()).collect();
    let names: Vec<&str> = results.iter().map(|(v, _)| v.as_str()).collect();
    format!(
        "func.func @f({}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        args.join(", "),
        types.join(", "),
        body.join("\n"),
        names.join(", "),
        types.join(", ")
    )
}

/// A random cast into `v`: its line and result type.
fn cast(rng: &mut Rng, pool: &mut Pool, v: &str) -> Option<(String, String)> {
    let ints = &INTS[..5];
    let (op, from, to) = match rng.below(6) {
        0 => {
            let (a, b) = (*rng.pick(ints), *rng.pick(ints));
            match width(a).cmp(&width(b)) {
                std::cmp::Ordering::Less => (*rng.pick(&["extui", "extsi"]), a, b),
                std::cmp::Ordering::Greater => ("trunci", a, b),
                std::cmp::Ordering::Equal => return None,
            }
        }
        1 => (
            *rng.pick(&["sitofp", "uitofp"]),
            *rng.pick(ints),
            *rng.pick(FLOATS),
        ),
        2 => (
            *rng.pick(&["fptosi", "fptoui"]),
            *rng.pick(FLOATS),
            *rng.pick(ints),
        ),
        3 => {
            let op = *rng.pick(&["index_cast", "index_castui"]);
            let other = *rng.pick(ints);
            if rng.below(2) == 0 {
                (op, other, "index")
            } else {
                (op, "index", other)
            }
        }
        4 => {
            let order = ["f16", "f32", "f64"];
            let (a, b) = (rng.below(3), rng.below(3));
            match a.cmp(&b) {
                std::cmp::Ordering::Less => ("extf", order[a], order[b]),
                std::cmp::Ordering::Greater => ("truncf", order[a], order[b]),
                std::cmp::Ordering::Equal => return None,
            }
        }
        _ => {
            let pairs = [
                ("f32", "i32"),
                ("i32", "f32"),
                ("f64", "i64"),
                ("i64", "f64"),
                ("f16", "i16"),
                ("i16", "f16"),
                ("bf16", "f16"),
            ];
            let (a, b) = *rng.pick(&pairs);
            ("bitcast", a, b)
        }
    };
    let src = rng.pick(pool.of(from)).clone();
    Some((
        format!("  {v} = arith.{op} {src} : {from} to {to}"),
        to.to_string(),
    ))
}

#[test]
fn random_arith_canonicalizes_as_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the random --canonicalize comparison") else {
        return;
    };
    let seeds: Vec<u64> = match std::env::var("FOLD_SEED") {
        Ok(s) => vec![s.parse().expect("FOLD_SEED is a number")],
        Err(_) => (1..=60).collect(),
    };
    let mut failures = Vec::new();
    for seed in seeds {
        let text = generate(seed);
        let mut flags = vec!["--canonicalize"];
        if seed % 3 == 0 {
            flags.push("--mlir-print-debuginfo");
        }
        // Valid input: equal errors would not test folding.
        let ours = ods_tests::ods_opt_on(&flags, &text);
        assert_eq!(ours.status, 0, "seed {seed}: {}", ours.stderr_text());
        if let Err(e) = same_as_mlir_opt(&mlir_opt, &flags, text.as_bytes()) {
            failures.push(format!("seed {seed} ({}): {e}", flags.join(" ")));
        }
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}

#[test]
fn generated_functions_are_valid_and_fold() {
    for seed in 1..=5 {
        let text = generate(seed);
        let plain = ods_tests::ods_opt_on(&[], &text);
        assert_eq!(plain.status, 0, "seed {seed}: {}", plain.stderr_text());
        let folded = ods_tests::ods_opt_on(&["--canonicalize"], &text);
        assert_eq!(folded.status, 0, "seed {seed}: {}", folded.stderr_text());
        assert!(
            folded.stdout.len() < plain.stdout.len(),
            "seed {seed} folds nothing"
        );
    }
}
