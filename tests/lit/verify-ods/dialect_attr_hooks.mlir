// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// The test dialect's attribute hooks (`hasOperationAttrVerify`,
// `hasRegionArgAttrVerify`, `hasRegionResultAttrVerify`), as upstream's
// test dialect has them: `test.invalid_attr` is rejected on any op, on
// function arguments and on results; other `test.*` attributes pass.
// Upstream's own tests expect the same message on the same IR (its
// mlir/test/IR invalid-func-op and print-op-on-diagnostic tests).

module attributes {test.other_attr} {
  func.func @f(%arg0: i64 {test.other_attr}) -> (i64 {test.other_attr}) {
    return %arg0 : i64
  }
}

// -----

// expected-error @+1 {{invalid to use 'test.invalid_attr'}}
module attributes {test.invalid_attr} {}

// -----

// On an op of another dialect, registered or not.
// expected-error @+1 {{invalid to use 'test.invalid_attr'}}
"other.op"() {test.invalid_attr} : () -> ()

// -----

// Before the op's own invariants (its missing `color`), as MLIR checks
// discardable attributes on entering an op.
// expected-error @+1 {{invalid to use 'test.invalid_attr'}}
"test.enum_attrs"() {test.invalid_attr} : () -> ()

// -----

// expected-error @+1 {{invalid to use 'test.invalid_attr'}}
func.func @arg(%arg0: i64 {test.invalid_attr}) {
  return
}

// -----

// expected-error @+1 {{invalid to use 'test.invalid_attr'}}
func.func @result(%arg0: i64) -> (i64 {test.invalid_attr}) {
  return %arg0 : i64
}

// -----

// The function-op check comes first: an argument attribute without a
// dialect prefix.
// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @undotted(%arg0: i64 {plain}) {
  return
}
