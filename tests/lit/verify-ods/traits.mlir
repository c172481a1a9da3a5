// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Structural and type-relation traits of the test dialect, regions,
// successors and the hand-written verifiers. Messages: see
// dialects/tests/test_dialect.rs (mlir-opt on upstream ops of the same
// shape, or mlir-tblgen's C++).

"w.wrap"() ({
^bb0(%i: index, %a: i32):
  "test.loop"(%i) ({
  ^bb0(%j: index):
    "test.child"() : () -> ()
    "test.yield"(%a) : (i32) -> ()
  }) : (index) -> ()
  %s = "test.same_type"(%a, %a) : (i32, i32) -> i32
}) : () -> ()

// -----

// expected-error @+1 {{'test.yield' op expects parent op 'test.loop'}}
"test.yield"() : () -> ()

// -----

// expected-error @+1 {{'test.child' op expects parent op to be one of 'test.loop, test.isolated'}}
"test.child"() : () -> ()

// -----

"w.wrap"() ({
^bb0(%i: index):
  // expected-error @+2 {{'test.loop' op expects regions to end with 'test.yield', found 'w.x'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'test.yield'}}
  "test.loop"(%i) ({
  ^bb0(%j: index):
    "w.x"() : () -> ()
  }) : (index) -> ()
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%i: index):
  // expected-error @+1 {{'test.loop' op body must take one index argument}}
  "test.loop"(%i) ({
    "test.yield"() : () -> ()
  }) : (index) -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'test.regions' op region #1 ('one_block') failed to verify constraint: region with 1 blocks}}
"test.regions"() ({}, {}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32, %b: i64):
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "test.same_type"(%a, %b) : (i32, i64) -> i32
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32, %b: i64):
  // expected-error @+1 {{failed to verify that all of {value, result} have same type}}
  %0 = "test.all_match"(%a, %b) : (i32, i64) -> i64
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%t: tensor<2xf32>):
  // expected-error @+1 {{failed to verify that result type is the element type of input}}
  %0 = "test.match_with"(%t) : (tensor<2xf32>) -> f16
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%a: i32):
  // expected-error @+1 {{'test.checked' op expected 2 inputs, but found 1}}
  "test.checked"(%a) <{expected = 2 : i64}> : (i32) -> ()
}) : () -> ()

// -----

"test.symbol_table"() ({
  // expected-note @+1 {{see existing symbol definition here}}
  "test.symbol"() <{sym_name = "a"}> : () -> ()
  // expected-error @+1 {{redefinition of symbol named 'a'}}
  "test.symbol"() <{sym_name = "a"}> : () -> ()
}) : () -> ()
