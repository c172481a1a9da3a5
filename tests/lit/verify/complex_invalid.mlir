// RUN: ods-opt %s --verify-diagnostics --split-input-file
// complex ops used wrongly: the verifiers of complex.constant and
// complex.bitcast, the element-type constraints and traits, and parse
// errors of the declarative forms, each where mlir-opt places it.

func.func @constant_one_part() {
  // expected-error @+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @constant_string_part() {
  // expected-error @+1 {{'complex.constant' op requires attribute's elements to be float or integer attributes}}
  %0 = complex.constant [1.0 : f32, "x"] : complex<f32>
  return
}

// -----

func.func @constant_wrong_element() {
  // expected-error @+1 {{'complex.constant' op requires attribute's element types ('f64', 'f32') to match the element type of the op's return type ('f32')}}
  %0 = complex.constant [1.0 : f64, 2.0 : f32] : complex<f32>
  return
}

// -----

func.func @bitcast_no_complex(%a: i64) {
  // expected-error @+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}

// -----

func.func @bitcast_width(%a: complex<f32>) {
  // expected-error @+1 {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @bitcast_index(%a: index) {
  // expected-error @+1 {{'complex.bitcast' op operand must be int/float/complex}}
  %0 = complex.bitcast %a : index to complex<f32>
  return
}

// -----

func.func @bitcast_result_vector(%a: complex<f32>) {
  // expected-error @+1 {{'complex.bitcast' op result must be int/float/complex}}
  %0 = "complex.bitcast"(%a) : (complex<f32>) -> vector<2xf32>
  return
}

// -----

func.func @integer_parts(%a: complex<i32>) {
  // expected-error @+1 {{'complex.add' op operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = "complex.add"(%a, %a) : (complex<i32>, complex<i32>) -> complex<i32>
  return
}

// -----

func.func @abs_result(%a: complex<f32>) {
  // expected-error @+1 {{'complex.abs' op failed to verify that complex element type matches result type}}
  %0 = "complex.abs"(%a) : (complex<f32>) -> f64
  return
}

// -----

func.func @create_parts(%a: f32, %b: f64) {
  // expected-error @+1 {{'complex.create' op failed to verify that all of {real, imaginary} have same type}}
  %0 = "complex.create"(%a, %b) : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @custom_form_needs_complex(%a: f32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.complex, but found 'f32'}}
  %0 = complex.re %a : f32
  return
}

// -----

func.func @fastmath_keyword(%a: complex<f32>) {
  // expected-error @+1 {{expected ':'}}
  %0 = complex.add %a, %a fast<nnan> : complex<f32>
  return
}
