// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// test.segments (AttrSizedOperandSegments, AttrSizedResultSegments,
// VariadicOfVariadic) and test.same_size: well-formed groups verify; each
// broken split is reported. Messages: see dialects/tests/test_dialect.rs.

"w.wrap"() ({
^bb0(%a: i32, %x: index, %n: i8, %g: i64, %f: f32):
  %r:3 = "test.segments"(%a, %x, %n, %g, %g) <{group_sizes = array<i32: 0, 2>, operandSegmentSizes = array<i32: 1, 1, 1, 2>, resultSegmentSizes = array<i32: 1, 1, 1>}> : (i32, index, i8, i64, i64) -> (i32, f32, index)
  %s:4 = "test.same_size"(%a, %a, %g, %f, %f) : (i32, i32, i64, f32, f32) -> (i32, i32, f32, f32)
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32):
  // expected-error @+1 {{'test.segments' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %r = "test.segments"(%a) <{group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> i32
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32, %x: index):
  // expected-error @+1 {{operand group starting at #1 requires 0 or 1 element, but found 2}}
  %r = "test.segments"(%a, %x, %x) <{group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 2, 0, 0>, resultSegmentSizes = array<i32: 1, 0, 0>}> : (i32, index, index) -> i32
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32, %g: i64):
  // expected-error @+1 {{groups count (1) does not match with the total size (2) specified in attribute 'group_sizes'}}
  %r = "test.segments"(%a, %g) <{group_sizes = array<i32: 2>, operandSegmentSizes = array<i32: 1, 0, 0, 1>, resultSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i64) -> i32
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32, %n: i8, %f: f32):
  // expected-error @+1 {{operand #2 must be variadic of signless integer, but got 'f32'}}
  %r = "test.segments"(%a, %n, %f) <{group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 2, 0>, resultSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i8, f32) -> i32
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32):
  // expected-error @+1 {{result #1 must be 32-bit float, but got 'i32'}}
  %r:2 = "test.segments"(%a) <{group_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, resultSegmentSizes = array<i32: 1, 1, 0>}> : (i32) -> (i32, i32)
}) : () -> ()
