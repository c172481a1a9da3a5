// ARGS: --cse
// Upstream's test.side_effect_op has the effects its attribute lists:
// two reads with nothing written between them are one, a write between
// two reads keeps both, and an op with no listed effect is pure.

func.func @two_reads_one_value() -> i32 {
  %a = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  %b = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}

func.func @write_between_reads() -> i32 {
  %a = "test.op_with_memread"() : () -> i32
  "test.side_effect_op"() {effects = [{effect = "write", test_resource}]} : () -> i32
  %b = "test.op_with_memread"() : () -> i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}

func.func @no_effects_listed() -> (i64, i64) {
  %a = "test.side_effect_op"() {effects = []} : () -> i64
  %b = "test.side_effect_op"() {effects = []} : () -> i64
  return %a, %b : i64, i64
}
