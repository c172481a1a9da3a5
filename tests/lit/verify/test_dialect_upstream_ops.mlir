// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Operand constraints of upstream's test ops that MLIR's own tests use:
// test.loop_block_term takes an i32 for the next iteration and an f32
// for the exit, test.op_with_memread makes one integer.

func.func @exit_value_must_be_f32(%x: i32) {
  // expected-error @+1 {{'test.loop_block_term' op operand #1 must be 32-bit float, but got 'i32'}}
  "test.loop_block_term"(%x, %x) : (i32, i32) -> ()
}

// -----

// expected-error @+1 {{'test.op_with_memread' op result #0 must be integer, but got 'f32'}}
%r = "test.op_with_memread"() : () -> f32
