// RUN: ods-opt %s --verify-diagnostics --split-input-file
// affine.for and affine.if as region branches (RegionBranchOpInterface):
// the types along each control-flow edge must agree. The ops' own
// verifiers come first; what they let through, the interface reports.

#ge2 = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @if_without_else_has_results(%i: index, %v: i64) -> i64 {
  // expected-note @+2 {{region branch point}}
  // expected-error @+1 {{'affine.if' op along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = affine.if #ge2(%i) -> i64 {
    affine.yield %v : i64
  }
  return %r : i64
}

// -----

#ge2 = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @if_yield_type(%i: index, %v: i64, %w: f16) -> i64 {
  %r = affine.if #ge2(%i) -> i64 {
    affine.yield %v : i64
  } else {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %w : f16
  }
  return %r : i64
}

// -----

func.func @for_init_type_differs_from_result(%v: i64) -> f16 {
  // expected-error @+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'i64' != 'f16'}}
  %r = "affine.for"(%v) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (8)>}> ({
  ^bb0(%iv: index, %x: f16):
    "affine.yield"(%x) : (f16) -> ()
  }) : (i64) -> f16
  return %r : f16
}

// -----

func.func @for_zero_trips_init_type(%v: i64) -> f16 {
  // expected-error @+1 {{'affine.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i64' != 'f16'}}
  %r = "affine.for"(%v) <{lowerBoundMap = affine_map<() -> (9)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (3)>}> ({
  ^bb0(%iv: index, %x: i64):
    %c = "arith.constant"() <{value = 1.0 : f16}> : () -> f16
    "affine.yield"(%c) : (f16) -> ()
  }) : (i64) -> f16
  return %r : f16
}
