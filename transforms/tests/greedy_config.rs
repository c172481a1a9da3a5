//! The greedy driver's options from Rust (MLIR's `GreedyRewriteConfig`):
//! folding on and off, with no pattern, on an `arith` function whose
//! addition folds to a constant.

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Registry, SourceFile};
use ods_transforms::rewrite::{apply_patterns_greedily, GreedyConfig};

const INPUT: &str = r#"func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}
"#;

/// The function after the driver ran with `config` and no pattern.
fn run(config: GreedyConfig) -> String {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    dialect_func::register(&mut ctx, &mut reg);
    dialect_arith::register(&mut ctx, &mut reg);
    let file = SourceFile::new("t.mlir", INPUT);
    let (mut ir, root) = parse_source(&mut ctx, &reg, &file).expect("the input parses");
    let converged = apply_patterns_greedily(&mut ctx, &reg, &mut ir, root, &[], config, None);
    assert!(converged);
    print_module(&ctx, &ir, &reg, root, PrintOptions::default(), None)
}

#[test]
fn folding_on_folds_the_addition() {
    let out = run(GreedyConfig::default());
    assert!(!out.contains("arith.addi"), "{out}");
    assert!(out.contains("arith.constant 3 : i32"), "{out}");
}

#[test]
fn folding_off_leaves_it() {
    let out = run(GreedyConfig {
        fold: false,
        ..GreedyConfig::default()
    });
    assert!(out.contains("arith.addi %c1_i32, %c2_i32 : i32"), "{out}");
    assert!(!out.contains("arith.constant 3"), "{out}");
}
