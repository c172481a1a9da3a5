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

// -----

// A type the test dialect does not define: its own message, at the
// mnemonic.
// expected-error @+1 {{unknown type!}}
func.func @unknown_test_type(%x: !test.no_such_type) {
  return
}

// -----

func.func @split_counts(%x: i32) {
  // The operands after the comma and the types after the colon count
  // differently.
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  test.variadic_args_types_split "two types", %x : i32, i32
  return
}

// -----

// expected-error @+1 {{number of operands and types do not match: got 0 operands and 2 types}}
test.variadic_args_types_split "types only" : f32, f32

// -----

// expected-error @+1 {{expected signed, unsigned, or none}}
"test.probe"() : () -> !test.int<signless, 4>

// -----

// expected-error @+1 {{invalid kind of attribute specified}}
"test.probe"() {c = #test.conditional_alias<[1, 2]>} : () -> ()

// -----

func.func @br_has_one_successor() {
  // expected-error @+1 {{'test.br' op requires 1 successor but found 2}}
  "test.br"()[^a, ^a] : () -> ()
^a:
  return
}

// -----

func.func @producing_br_result(%x: i32) {
  // expected-error @+1 {{'test.producing_br' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %r = "test.producing_br"()[^a, ^a] {operandSegmentSizes = array<i32: 0, 0>} : () -> i64
^a:
  return
}
