// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics
// MLIR 22's func.func takes a body ending in another dialect's
// terminator (upstream's test.loop_block_term): only func.return's own
// checks look at the function's result types.

func.func @ends_in_test_terminator(%next: i32) -> i64 {
  %exit = "test.constant"() {value = 0.5 : f32} : () -> f32
  test.loop_block_term iter %next exit %exit
}
