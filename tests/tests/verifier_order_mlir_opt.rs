//! Which errors the verifier reports, and in what order, against the real
//! `mlir-opt` on generated IR: nested modules (isolated from above, symbol
//! tables), unregistered wrappers, unknown `builtin` ops (an error where the
//! op is entered) and duplicate symbols (an error where the table is left).
//! MLIR verifies isolated ops when it leaves their parent and stops a unit
//! at its first failure; the whole stderr must agree byte for byte.

use ods_tests::{find_mlir_opt, run_ods_opt, run_tool, DriverRun};

/// A small deterministic generator (no dependency for a test's dice).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn node(rng: &mut Lcg, depth: usize, counter: &mut u32, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent);
    *counter += 1;
    let n = *counter;
    if depth > 2 || rng.below(100) < 35 {
        match rng.below(3) {
            0 => out.push_str(&format!("{pad}\"builtin.bad{n}\"() : () -> ()\n")),
            1 => out.push_str(&format!(
                "{pad}\"t.s\"() {{sym_name = \"s{n}\"}} : () -> ()\n"
            )),
            _ => {
                for _ in 0..2 {
                    out.push_str(&format!(
                        "{pad}\"t.s\"() {{sym_name = \"dup\"}} : () -> ()\n"
                    ));
                }
            }
        }
        return;
    }
    let name = if rng.below(2) == 0 {
        "\"builtin.module\""
    } else {
        "\"t.wrap\""
    };
    out.push_str(&format!("{pad}{name}() ({{\n"));
    for _ in 0..1 + rng.below(3) {
        node(rng, depth + 1, counter, indent + 1, out);
    }
    out.push_str(&format!("{pad}}}) : () -> ()\n"));
}

#[test]
fn reported_errors_match_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the verifier-order cases against mlir-opt") else {
        return;
    };
    let mut rng = Lcg(7);
    let mut with_errors = 0;
    for case in 0..60 {
        let mut text = String::new();
        let mut counter = 0;
        for _ in 0..1 + rng.below(4) {
            node(&mut rng, 0, &mut counter, 0, &mut text);
        }
        for args in [
            &["--allow-unregistered-dialect"][..],
            &["--allow-unregistered-dialect", "--mlir-disable-threading"],
        ] {
            let expected = run_tool(&mlir_opt, args, text.as_bytes());
            let ours = match run_ods_opt(args, text.as_bytes()) {
                DriverRun::Finished(out) => out,
                DriverRun::Panicked(msg) => panic!("case {case}: ods-opt panicked: {msg}"),
            };
            assert_eq!(
                (ours.status, ours.stderr_text()),
                (expected.status, expected.stderr_text()),
                "case {case} ({args:?}):\n{text}"
            );
            if expected.status != 0 {
                with_errors += 1;
            }
        }
    }
    // The cases must exercise failures, several per file among them.
    assert!(with_errors > 60, "only {with_errors} failing runs");
}
