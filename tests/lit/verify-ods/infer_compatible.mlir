// RUN: ods-opt %s --verify-diagnostics --split-input-file
// InferTypeOpInterface's compatibility hook sees the context:
// `test.infer_compatible` infers its operand's type, and its own hook also
// takes the dialect's `!test.flag` where `i1` was inferred.

func.func @same_type(%b: i1) -> i1 {
  %r = "test.infer_compatible"(%b) : (i1) -> i1
  return %r : i1
}

// -----

func.func @dialect_type_for_i1(%b: i1) -> !test.flag {
  %r = "test.infer_compatible"(%b) : (i1) -> !test.flag
  return %r : !test.flag
}

// -----

func.func @dialect_type_for_i32(%x: i32) -> !test.flag {
  // expected-error@+2 {{'test.infer_compatible' op inferred type(s) 'i32' are incompatible with return type(s) of operation '!test.flag'}}
  // expected-error@+1 {{'test.infer_compatible' op failed to infer returned types}}
  %r = "test.infer_compatible"(%x) : (i32) -> !test.flag
  return %r : !test.flag
}

// -----

func.func @other_builtin_type(%b: i1) -> i8 {
  // expected-error@+2 {{'test.infer_compatible' op inferred type(s) 'i1' are incompatible with return type(s) of operation 'i8'}}
  // expected-error@+1 {{'test.infer_compatible' op failed to infer returned types}}
  %r = "test.infer_compatible"(%b) : (i1) -> i8
  return %r : i8
}
