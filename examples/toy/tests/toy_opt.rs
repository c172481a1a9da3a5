//! The Toy dialect through its opt tool: the patterns registered with the
//! dialect (hand-written and declared with `ods_macros::patterns!`) run
//! under `--canonicalize` and in a pipeline, each rule fires, and the
//! Rust-declared shape inference interface is asked by its pass.

fn toy_opt(args: &[&str], input: &str) -> String {
    let out = toy::toy_opt().run(args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status, stderr.as_ref()), (0, ""), "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

const REDUNDANT: &str = r#"toy.func @main() {
  %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf64>
  %1 = toy.transpose(%0 : tensor<1x2xf64>) to tensor<2x1xf64>
  %2 = toy.transpose(%1 : tensor<2x1xf64>) to tensor<1x2xf64>
  %3 = toy.reshape(%2 : tensor<1x2xf64>) to tensor<2xf64>
  %4 = toy.reshape(%3 : tensor<2xf64>) to tensor<2x1xf64>
  %5 = toy.reshape(%4 : tensor<2x1xf64>) to tensor<2x1xf64>
  toy.print %5 : tensor<2x1xf64>
  toy.return
}
"#;

// What upstream's tutorial (chapter 3) shows for this input: the
// transposes cancel (the hand-written pattern), the reshapes merge and go
// (`ReshapeReshapeOptPattern`, `RedundantReshapeOptPattern`) and the last
// folds into the constant (`FoldConstantReshapeOptPattern`).
const SIMPLIFIED: &str = r#"module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00], [2.000000e+00]]> : tensor<2x1xf64>
    toy.print %0 : tensor<2x1xf64>
    toy.return
  }
}

"#;

#[test]
fn canonicalize_runs_the_patterns_registered_with_the_dialect() {
    assert_eq!(toy_opt(&["--canonicalize"], REDUNDANT), SIMPLIFIED);
}

#[test]
fn a_pipeline_runs_them_too() {
    let nested = toy_opt(
        &["--pass-pipeline=builtin.module(toy.func(canonicalize))"],
        REDUNDANT,
    );
    assert_eq!(nested, SIMPLIFIED);
    // Without the canonicalizer nothing else removes the transposes.
    let without = toy_opt(&["--pass-pipeline=builtin.module(cse)"], REDUNDANT);
    assert!(without.contains("toy.transpose"), "{without}");
}

/// Runs `--canonicalize` (with `options`) over a function of one
/// argument whose body is `body`, and returns the body printed.
fn canonical_body(options: &str, body: &str) -> String {
    let input = format!("toy.func @main(%arg0: tensor<2x3xf64>) {{\n{body}  toy.return\n}}\n");
    let out = toy_opt(&[&format!("--canonicalize{options}")], &input);
    out.lines()
        .filter(|l| l.starts_with("    "))
        .map(|l| format!("{}\n", l.trim()))
        .collect()
}

#[test]
fn reshape_of_reshape_is_one_reshape() {
    let body = "  %0 = toy.reshape(%arg0 : tensor<2x3xf64>) to tensor<6xf64>
  %1 = toy.reshape(%0 : tensor<6xf64>) to tensor<3x2xf64>
  toy.print %1 : tensor<3x2xf64>
";
    assert_eq!(
        canonical_body("", body),
        "%0 = toy.reshape(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>
toy.print %0 : tensor<3x2xf64>
toy.return
"
    );
}

#[test]
fn reshape_to_its_own_type_is_its_input() {
    let body = "  %0 = toy.reshape(%arg0 : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.print %0 : tensor<2x3xf64>
";
    assert_eq!(
        canonical_body("", body),
        "toy.print %arg0 : tensor<2x3xf64>\ntoy.return\n"
    );
}

#[test]
fn reshape_of_a_constant_is_a_constant() {
    let body = "  %0 = toy.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf64>
  %1 = toy.reshape(%0 : tensor<4xf64>) to tensor<2x2xf64>
  toy.print %1 : tensor<2x2xf64>
";
    let folded = "%0 = toy.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>
toy.print %0 : tensor<2x2xf64>
toy.return
";
    assert_eq!(canonical_body("", body), folded);
    // The generated pattern carries mlir-opt's name for it, which the
    // canonicalizer's options match.
    let kept = canonical_body(
        r#"=disable-patterns="(anonymous namespace)::FoldConstantReshapeOptPattern""#,
        body,
    );
    assert!(kept.contains("toy.reshape"), "{kept}");
}

#[test]
fn the_declarative_patterns_are_upstreams() {
    let listed: Vec<(&str, &str, u16)> = toy::canonicalize::TOY_COMBINE_PATTERNS
        .iter()
        .map(|p| (p.name, p.pattern.root, p.pattern.benefit))
        .collect();
    // mlir-tblgen's order (by def name) and benefits (one per matched op).
    assert_eq!(
        listed,
        [
            (
                "(anonymous namespace)::FoldConstantReshapeOptPattern",
                "toy.reshape",
                2
            ),
            (
                "(anonymous namespace)::RedundantReshapeOptPattern",
                "toy.reshape",
                1
            ),
            (
                "(anonymous namespace)::ReshapeReshapeOptPattern",
                "toy.reshape",
                2
            ),
        ]
    );
}

#[test]
fn shape_inference_asks_the_rust_declared_interface() {
    let input = r#"toy.func @main(%arg0: tensor<2x3xf64>) {
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<*xf64>
  %1 = toy.mul %0, %0 : tensor<*xf64>
  %2 = toy.add %1, %1 : tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}
"#;
    let out = toy_opt(
        &["--pass-pipeline=builtin.module(toy.func(toy-shape-inference),canonicalize)"],
        input,
    );
    assert!(
        out.contains("toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<3x2xf64>"),
        "{out}"
    );
    assert!(out.contains("toy.mul %0, %0 : tensor<3x2xf64>"), "{out}");
    assert!(out.contains("toy.add %1, %1 : tensor<3x2xf64>"), "{out}");
    assert!(out.contains("toy.print %2 : tensor<3x2xf64>"), "{out}");
}
