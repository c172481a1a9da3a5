//! Mutated specs never crash the front end: a few hundred deterministic
//! mutations of the corpus (deleted ranges, duplicated ranges, inserted
//! tokens) go through grammar, resolution, model and docs; each either
//! compiles or fails with a rendered error. The real fuzzer is
//! `fuzz/fuzz_targets/ods_compile.rs`; this keeps the property in
//! `cargo test`.

use std::path::Path;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const TOKENS: &[&str] = &[
    "<",
    ">",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "[{",
    "}]",
    "\"",
    "#",
    "!add(",
    "!foreach(x, ",
    "?",
    ":",
    ";",
    ",",
    "$",
    "def ",
    "class ",
    "let ",
    " in ",
    "defvar ",
    "#ifdef X\n",
    "#endif\n",
    "0b",
    "0x",
    "-",
    "99999999999999999999",
    "include \"mlir/IR/OpBase.td\"\n",
    "Variadic<",
    "\\",
    "/*",
    "*/",
    "//",
    "\u{e9}",
    "\u{3000}",
];

fn mutate(rng: &mut Lcg, src: &str) -> String {
    let mut s: Vec<char> = src.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let len = s.len();
        match rng.below(3) {
            0 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(16)).min(len);
                s.drain(a..b);
            }
            1 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(32)).min(len);
                let piece: Vec<char> = s[a..b].to_vec();
                let at = rng.below(len);
                s.splice(at..at, piece);
            }
            _ => {
                let tok = TOKENS[rng.below(TOKENS.len())];
                let at = rng.below(len + 1);
                s.splice(at..at, tok.chars());
            }
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_specs_never_crash() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut seeds = Vec::new();
    for dir in ["malformed", "golden"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ods") {
                seeds.push(std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    seeds.sort();
    let mut rng = Lcg(0x0d5_5eed);
    let (mut ok, mut failed) = (0, 0);
    for i in 0..120 {
        let seed = &seeds[i % seeds.len()];
        let text = mutate(&mut rng, seed);
        match ods_spec::compile("m.ods", &text, &[]) {
            Ok(c) => {
                let _ = c.records.print();
                match ods_spec::generate_dialect_doc(&c, None) {
                    Ok(_) => ok += 1,
                    Err(e) => {
                        assert!(e.render().contains("error"));
                        failed += 1;
                    }
                }
            }
            Err(e) => {
                assert!(
                    !e.diagnostics.is_empty(),
                    "failure without a diagnostic:\n{text}"
                );
                assert!(e.render().contains("error: "));
                failed += 1;
            }
        }
    }
    println!("{ok} mutants compiled, {failed} failed cleanly");
    assert!(failed > 0 && ok + failed == 120);
}

/// `if` and `foreach` heads chained without braces (`else if` included)
/// are read recursively: a deep chain is an error, never a stack overflow,
/// while as many of them in a row as one likes stay fine.
#[test]
fn deep_statement_heads_are_rejected_not_overflowed() {
    let cases = [
        "if 1 then ".repeat(20_000) + "def A;",
        "foreach i = [1] in ".repeat(20_000) + "def A;",
        "if 1 then def A; else ".repeat(20_000) + "def B;",
    ];
    for src in cases {
        let e = ods_spec::compile("deep.ods", &src, &[])
            .unwrap_err()
            .render();
        assert!(
            e.contains("nested more than 100 deep without braces"),
            "{e}"
        );
    }
    let flat: String = (0..500)
        .map(|i| format!("if !eq({i}, 0) then def A{i}; else def B{i};\n"))
        .collect();
    let c = ods_spec::compile("flat.ods", &flat, &[]).unwrap();
    assert!(c.records.def("A0").is_some() && c.records.def("B499").is_some());
}
