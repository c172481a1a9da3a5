//! The checks of declarative rewrite rules: each malformed pattern below,
//! appended to one small spec, must fail with the message at the line and
//! column given (the def's name, where mlir-tblgen reports them). The
//! messages marked `upstream` are mlir-tblgen-22's word for word: when it
//! is installed, it is run on the same text and must agree. The others are
//! ours, for what mlir-tblgen accepts or this slice does not support yet.
//! Nothing may panic.

use std::path::Path;
use std::process::Command;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";

/// Fourteen lines: the pattern under test goes on line 15.
const BASE: &str = r#"include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "crate::t"; }
class T_Op<string m> : Op<T_Dialect, m>;
def TransposeOp : T_Op<"transpose"> { let arguments = (ins F64Tensor:$input); let results = (outs F64Tensor); }
def ReshapeOp : T_Op<"reshape"> { let arguments = (ins F64Tensor:$input); let results = (outs F64Tensor); }
def ConstantOp : T_Op<"constant"> { let arguments = (ins F64ElementsAttr:$value); let results = (outs F64Tensor); }
def TwoOp : T_Op<"two"> { let arguments = (ins F64Tensor:$input); let results = (outs F64Tensor:$a, F64Tensor:$b); }
def SinkOp : T_Op<"sink"> { let arguments = (ins F64Tensor:$input); }
def Same : Constraint<CPred<"$_ir.value_type($0) == $_ir.value_type($1)">>;
def SinkIt : NativeCodeCallVoid<"drop($0)">;
def PairOp : T_Op<"pair"> { let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs); let results = (outs F64Tensor); }
def SumOp : T_Op<"sum"> { let arguments = (ins Variadic<F64Tensor>:$inputs); let results = (outs F64Tensor); }
def SelOp : T_Op<"sel"> { let arguments = (ins F64Tensor:$v, Optional<F64Tensor>:$f); let results = (outs F64Tensor); }
"#;

/// (pattern def, column, message, whether mlir-tblgen-22 says the same).
const CASES: &[(&str, usize, &str, bool)] = &[
    (
        "def P : Pat<(TransposeOp $x, $y), (replaceWithValue $x)>;",
        5,
        "op 't.transpose' argument number mismatch: 2 in pattern vs. 1 in definition",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (replaceWithValue $y)>;",
        5,
        "referencing unbound symbol 'y'",
        true,
    ),
    (
        "def P : Pat<(TransposeOp (TransposeOp $x)), (ReshapeOp $x, $x)>;",
        5,
        "op 't.reshape' argument number mismatch: 2 in pattern vs. 1 in definition",
        true,
    ),
    (
        "def P : Pat<(TransposeOp:$x (TransposeOp $x)), (replaceWithValue $x)>;",
        5,
        "symbol 'x' bound more than once",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (replaceWithValue $x, $x)>;",
        5,
        "replaceWithValue directive must take exactly one argument",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp $y)>;",
        5,
        "referencing unbound symbol 'y'",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp $x), [(Same $x, $zz)]>;",
        5,
        "referencing unbound symbol 'zz'",
        true,
    ),
    (
        "def P : Pat<(TwoOp $x), (TransposeOp $x)>;",
        5,
        "not enough values generated to replace the matched op",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (SinkOp $x)>;",
        5,
        "not enough values generated to replace the matched op",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (replaceWithValue $x), [], [], (addBenefit)>;",
        5,
        "The 'addBenefit' takes and only takes one integer value",
        true,
    ),
    (
        "def P : Pat<(ConstantOp F64Tensor:$v), (ConstantOp $v)>;",
        5,
        "the 1-th argument of op 't.constant' should be an attribute",
        true,
    ),
    (
        "def P : Pat<(TransposeOp (ConstantOp)), (TransposeOp $x)>;",
        5,
        "op 't.constant' argument number mismatch: 0 in pattern vs. 1 in definition",
        true,
    ),
    // Ours: mlir-tblgen accepts these and writes C++ that does not compile.
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp $x), [(Same $x)]>;",
        5,
        "constraint 'Same' uses $1 but is applied to 1 entities",
        false,
    ),
    (
        "def P : Pat<(TransposeOp F64ElementsAttr:$x), (replaceWithValue $x)>;",
        5,
        "the 1-th argument of op 't.transpose' should be an operand",
        false,
    ),
    // `either` stands for two arguments.
    (
        "def P : Pat<(TransposeOp (either $x, $y)), (replaceWithValue $x)>;",
        5,
        "op 't.transpose' argument number mismatch: 2 in pattern vs. 1 in definition",
        true,
    ),
    (
        "def P : Pat<(PairOp (either $x)), (replaceWithValue $x)>;",
        5,
        "`either` only supports grouping two operands",
        true,
    ),
    (
        "def P : Pat<(TransposeOp (variadic $x)), (replaceWithValue $x)>;",
        5,
        "variadic DAG construct can't match op t.transpose's non-variadic operand #0",
        true,
    ),
    (
        "def P : Pat<(SumOp (variadic $x, $y)), (replaceWithValue $z)>;",
        5,
        "referencing unbound symbol 'z'",
        true,
    ),
    (
        "def P : Pat<(SumOp (variadic:$x $x, $y)), (replaceWithValue $y)>;",
        5,
        "symbol 'x' bound more than once",
        false,
    ),
    (
        "def P : Pat<(TransposeOp:$t $x), (TransposeOp $x), [], [(SinkIt $zz)]>;",
        5,
        "referencing unbound symbol 'zz'",
        true,
    ),
    (
        "def P : Pat<(TransposeOp:$t $x), (TransposeOp $x), [], [(TransposeOp $x, $x)]>;",
        5,
        "op 't.transpose' argument number mismatch: 2 in pattern vs. 1 in definition",
        false,
    ),
    // Ours: mlir-tblgen takes them and generates something else.
    (
        "def P : Pat<(PairOp (either $x, $y)), (PairOp (either $x, $y))>;",
        5,
        "`either` only matches operands in a source pattern",
        false,
    ),
    (
        "def P : Pat<(TransposeOp (SumOp $xs)), (TransposeOp $xs)>;",
        5,
        "the values of an optional or variadic operand as op 't.transpose''s operand 'input' is not supported yet",
        false,
    ),
    (
        "def P : Pat<(TransposeOp (SelOp $v, $f)), (replaceWithValue $f)>;",
        5,
        "replacing with the values of an optional or variadic operand ($f) is not supported yet",
        false,
    ),
    (
        "def P : Pat<(TransposeOp (SelOp $v, (TransposeOp $f))), (replaceWithValue $v)>;",
        5,
        "an op node at op 't.sel''s optional or variadic operand #1",
        false,
    ),
    // Ours: which patterns an op's canonicalizer registers.
    (
        "def C : CanonicalizationPatterns<TransposeOp, []>;",
        5,
        "op 't.transpose' lists canonicalization patterns but has no `hasCanonicalizer = 1`",
        false,
    ),
    (
        "def Q : Pat<(ReshapeOp $x), (replaceWithValue $x)>; def C : CanonicalizationPatterns<TransposeOp, [Q]>;",
        57,
        "pattern 'Q' is rooted at 't.reshape', not at 't.transpose'",
        false,
    ),
    (
        "def C : CanonicalizationPatterns<TwoOp, [SinkIt]>;",
        9,
        "template argument 'patternList': 'SinkIt' is not a 'Pattern'",
        false,
    ),
    (
        "def P : Pat<(TransposeOp (TwoOp:$r $x)), (TransposeOp $r__2)>;",
        5,
        "result index 2 of symbol 'r' is out of range: its op has 2 results",
        false,
    ),
    (
        "def P : Pat<(TransposeOp (TwoOp:$r $x)), (TransposeOp $q__1)>;",
        5,
        "referencing unbound symbol 'q__1'",
        true,
    ),
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp $x, (returnType $x))>;",
        5,
        "Cannot specify explicit return types in an op whose return values replace the source pattern's root op",
        true,
    ),
    // mlir-tblgen's words, which it prints without a place.
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp (TransposeOp $x, (location \"a\", \"b\")))>;",
        5,
        "Only one string attribute may be specified",
        false,
    ),
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp $x, (location))>;",
        5,
        "At least one argument to location directive required",
        false,
    ),
    // Ours: mlir-tblgen takes the call's text for a value.
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp (SinkIt $x))>;",
        5,
        "a NativeCodeCallVoid gives no value: it can only be a whole result pattern",
        false,
    ),
    (
        "def P : Pat<(TransposeOp $x), (TransposeOp (TransposeOp $x))>;",
        5,
        "a nested op 't.transpose' whose result type its spec does not infer (`returnType`) is not supported yet",
        false,
    ),
];

fn spec(pattern: &str) -> String {
    format!("{BASE}{pattern}\n")
}

fn ours(pattern: &str) -> Vec<String> {
    let text = spec(pattern);
    let result = ods_spec::compile("p.td", &text, &[]).and_then(|c| c.model().map(|_| ()));
    let Err(e) = result else {
        return Vec::new();
    };
    e.diagnostics
        .iter()
        .map(|d| {
            let at = d.span.map(|s| e.sources.location(s)).unwrap_or_default();
            format!("{at}: {}", d.message)
        })
        .collect()
}

#[test]
fn malformed_patterns_report_the_expected_errors() {
    let mut failures = Vec::new();
    for (pattern, col, message, _) in CASES {
        let got = ours(pattern);
        let want = format!("p.td:15:{col}: {message}");
        if got.len() != 1 || !got[0].starts_with(&want) {
            failures.push(format!("{pattern}\n  want {want}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn upstream_messages_agree_with_mlir_tblgen() {
    if !Path::new(TBLGEN).exists() || !Path::new(INCLUDE).join("mlir/IR/PatternBase.td").exists() {
        println!(
            "skipped: {TBLGEN} or {INCLUDE} not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("ods-drr-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("p.td");
    let mut failures = Vec::new();
    for (pattern, col, message, upstream) in CASES {
        if !upstream {
            continue;
        }
        std::fs::write(&path, spec(pattern)).expect("temp file written");
        let out = Command::new(TBLGEN)
            .arg("-gen-rewriters")
            .arg("-I")
            .arg(INCLUDE)
            .arg(&path)
            .output()
            .expect("mlir-tblgen runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let want = format!("p.td:15:{col}: error: {message}");
        if !stderr.contains(&want) {
            failures.push(format!("{pattern}\n  want {want}\n  got  {stderr}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn well_formed_patterns_lower_and_generate() {
    let text = spec(
        "def P : Pat<(ReshapeOp:$r (ConstantOp $v)), (ConstantOp $v), [(Same $r, $r)], [], (addBenefit 3)>;",
    );
    let c = ods_spec::compile("p.td", &text, &[]).expect("compiles");
    let model = c.model().expect("lowers");
    assert_eq!(model.patterns.len(), 1);
    let p = &model.patterns[0];
    assert_eq!((p.name.as_str(), p.benefit), ("P", 5));
    let code = ods_spec::generate_rewriters(&c).expect("generates");
    assert!(code.contains("fn p("), "{code}");
    assert!(code.contains("populate_p_patterns"), "{code}");
}

#[test]
fn canonicalizers_register_rules_and_rust_patterns_in_the_order_listed() {
    let text = spec(
        "def CanonOp : T_Op<\"canon\"> { let arguments = (ins F64Tensor:$input); \
         let results = (outs F64Tensor); let hasCanonicalizer = 1; } \
         def A : Pat<(CanonOp (CanonOp $x)), (replaceWithValue $x)>; \
         def B : Pat<(CanonOp (TransposeOp $x)), (CanonOp $x)>; \
         def R : RustPattern<\"crate::r\", 3>; \
         def : CanonicalizationPatterns<CanonOp, [B, R, A]>; \
         def OtherOp : T_Op<\"other\"> { let arguments = (ins F64Tensor:$input); \
         let results = (outs F64Tensor); let hasCanonicalizer = 1; } \
         def D : Pat<(OtherOp (OtherOp $x)), (replaceWithValue $x)>; \
         def C : Pat<(OtherOp (TransposeOp $x)), (OtherOp $x)>;",
    );
    let c = ods_spec::compile("p.td", &text, &[]).expect("compiles");
    let model = c.model().expect("lowers");
    use ods_spec::model::CanonicalizerEntry::{Generated, Rust};
    let lists: Vec<(&str, &[ods_spec::model::CanonicalizerEntry])> = model
        .canonicalizers
        .iter()
        .map(|c| (c.op.full_name.as_str(), c.patterns.as_slice()))
        .collect();
    assert_eq!(
        lists,
        [
            (
                "t.canon",
                &[
                    Generated("B".into()),
                    Rust {
                        name: "R".into(),
                        function: "crate::r".into(),
                        benefit: 3
                    },
                    Generated("A".into())
                ][..]
            ),
            // No list: the rules rooted at the op, in def name order.
            (
                "t.other",
                &[Generated("C".into()), Generated("D".into())][..]
            ),
        ]
    );
    // `RustPattern` defs are no rules.
    assert_eq!(model.patterns.len(), 4);
    let code = ods_spec::generate_rewriters(&c).expect("generates");
    assert!(
        code.contains("pub fn register_canonicalization_patterns("),
        "{code}"
    );
    assert!(code.contains("apply: crate::r"), "{code}");
    assert!(code.contains("\"(anonymous namespace)::R\""), "{code}");
    assert!(code.contains("\"(anonymous namespace)::A\""), "{code}");
    syn::parse_file(&code).expect("valid Rust");
}
