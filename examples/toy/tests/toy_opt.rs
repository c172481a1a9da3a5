//! The Toy dialect through its opt tool: the Rust patterns registered
//! with the dialect run under `--canonicalize` and in a pipeline, and the
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

const SIMPLIFIED: &str = r#"module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf64>
    %1 = toy.reshape(%0 : tensor<1x2xf64>) to tensor<2x1xf64>
    toy.print %1 : tensor<2x1xf64>
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
        &["--pass-pipeline=builtin.module(toy-shape-inference,canonicalize)"],
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
