// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// math ops used wrongly, in custom and generic form: operand and result
// constraints, the classification ops' i1 result, the same-type and
// same-shape traits, `sincos`'s two results, and a custom form missing its
// keyword; each error where mlir-opt places it.

func.func @absf_of_integer(%i: i32) {
  // expected-error @+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %i : i32
  return
}

// -----

func.func @absi_of_float(%x: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %x : f32
  return
}

// -----

func.func @isnan_result_not_i1(%x: f32) {
  // expected-error @+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
  %0 = "math.isnan"(%x) : (f32) -> i32
  return
}

// -----

func.func @isinf_result_shape(%v: vector<4xf32>) {
  // expected-error @+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isinf"(%v) : (vector<4xf32>) -> vector<2xi1>
  return
}

// -----

func.func @powf_mixed_types(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fpowi_shapes(%v: vector<2xf32>, %n: i32) {
  // expected-error @+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %v, %n : vector<2xf32>, i32
  return
}

// -----

func.func @sincos_result_types(%x: f32) {
  // expected-error @+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%x) : (f32) -> (f32, f64)
  return
}

// -----

func.func @clampf_without_to(%a: f32, %b: f32, %c: f32) {
  // expected-error @+1 {{custom op 'math.clampf' expected 'to'}}
  %0 = math.clampf %a [%b, %c] : f32
  return
}

// -----

func.func @ctlz_of_float_vector(%v: vector<2xf32>) {
  // expected-error @+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'vector<2xf32>'}}
  %0 = math.ctlz %v : vector<2xf32>
  return
}
