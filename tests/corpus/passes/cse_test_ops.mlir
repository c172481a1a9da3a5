// ARGS: --cse
// Upstream's test ops that cse tells apart: a pure op with one block is
// equal to another when its operands, result types and body are; reads
// of memory with nothing written in between are one read.

func.func @single_block_ops(%u: f32, %v: f32) -> (f32, f32, f32) {
  %first = test.cse_of_single_block_op inputs(%u, %v) {
  ^bb0(%a: f32, %b: f32):
    test.region_yield %a : f32
  } : f32, f32 -> f32
  %same = test.cse_of_single_block_op inputs(%u, %v) {
  ^bb0(%c: f32, %d: f32):
    test.region_yield %c : f32
  } : f32, f32 -> f32
  %other_body = test.cse_of_single_block_op inputs(%u, %v) {
  ^bb0(%e: f32, %f: f32):
    test.region_yield %f : f32
  } : f32, f32 -> f32
  return %first, %same, %other_body : f32, f32, f32
}

func.func @reads_without_writes() -> (i16, i16) {
  %r0 = "test.op_with_memread"() : () -> i16
  %r1 = "test.op_with_memread"() : () -> i16
  %sum = arith.addi %r0, %r1 : i16
  %r2 = "test.op_with_memread"() : () -> i16
  return %sum, %r2 : i16, i16
}

func.func @read_after_pure_region() -> (i8, i8) {
  %r0 = "test.op_with_memread"() : () -> i8
  %t = arith.constant true
  %k = scf.if %t -> (i8) {
    %c3 = arith.constant 3 : i8
    scf.yield %c3 : i8
  } else {
    %c5 = arith.constant 5 : i8
    scf.yield %c5 : i8
  }
  %r1 = "test.op_with_memread"() : () -> i8
  return %r0, %r1 : i8, i8
}
