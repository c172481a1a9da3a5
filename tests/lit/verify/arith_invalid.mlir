// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// arith casts used wrongly: `CastOpInterface`'s check (upstream's
// `areCastCompatible` of each cast), after the ODS constraints and
// `SameOperandsAndResultShape`, each where mlir-opt places it.

func.func @extui_narrows(%a: i64) {
  // expected-error @+1 {{'arith.extui' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i64 to i32
  return
}

// -----

func.func @truncf_widens(%a: vector<2xf32>) {
  // expected-error @+1 {{'arith.truncf' op operand type 'vector<2xf32>' and result type 'vector<2xf64>' are cast incompatible}}
  %0 = arith.truncf %a : vector<2xf32> to vector<2xf64>
  return
}

// -----

// Ranked tensors of different encodings do not cast.
func.func @extsi_encoding(%t: tensor<2xi32, "enc">) {
  // expected-error @+1 {{'arith.extsi' op operand type 'tensor<2xi32, "enc">' and result type 'tensor<2xi64>' are cast incompatible}}
  %0 = "arith.extsi"(%t) : (tensor<2xi32, "enc">) -> tensor<2xi64>
  return
}

// -----

// One side must be `index`; memrefs are allowed.
func.func @index_cast_no_index(%a: i32, %m: memref<2xi32>) {
  %0 = arith.index_cast %m : memref<2xi32> to memref<2xindex>
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %1 = "arith.index_cast"(%a) : (i32) -> i64
  return
}

// -----

func.func @bitcast_width(%a: i32, %m: memref<2xi32>) {
  %0 = arith.bitcast %m : memref<2xi32> to memref<2xf32>
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %1 = "arith.bitcast"(%a) : (i32) -> f64
  return
}

// -----

// The scale takes no part in the check but is named in the message.
func.func @scaling_extf_narrows(%a: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to f16
  return
}

// -----

func.func @scaling_truncf_widens(%a: f16, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_truncf' op operand types 'f16', 'f8E8M0FNU' and result type 'f32' are cast incompatible}}
  %0 = arith.scaling_truncf %a, %s : f16, f8E8M0FNU to f32
  return
}

// -----

// `SameOperandsAndResultShape` comes first.
func.func @extf_shape(%a: vector<2xf32>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = "arith.extf"(%a) : (vector<2xf32>) -> vector<3xf64>
  return
}

// -----

// The ODS constraint on the operand comes first.
func.func @uitofp_float(%f: f32) {
  // expected-error @+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.uitofp"(%f) : (f32) -> f32
  return
}

// -----

// A scalable vector's shape is compatible only with scalable vectors.
func.func @index_cast_scalable(%v: vector<[4]xi32>) {
  // expected-error @+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = "arith.index_cast"(%v) : (vector<[4]xi32>) -> vector<4xindex>
  return
}

// -----

// Elementwise ops map over vectors and tensors: every result is one when
// an operand is, all of one kind and shape.
func.func @elementwise_scalar_result(%a: vector<8xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, i1
  return
}

// -----

func.func @elementwise_mixed_kinds(%a: vector<8xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, tensor<8xi1>
  return
}

// -----

func.func @elementwise_shapes(%a: vector<8xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, vector<4xi1>
  return
}

// -----

// A scalable vector constant must be a splat: its length is only known at
// run time.
func.func @scalable_constant_of_distinct_values() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %c = arith.constant dense<[7, 8, 9, 10]> : vector<[4]xi16>
  return
}

// -----

func.func @scalable_constant_in_one_of_two_dims() {
  %ok = arith.constant dense<1.5> : vector<3x[2]xf32>
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %c = arith.constant dense<[[1.0, 2.0], [1.0, 2.0], [3.0, 3.0]]> : vector<3x[2]xf32>
  return
}

// -----

// The custom form of a comparison checks its one type as it reads it, and
// names it quoted.
func.func @integer_compare_of_floats(%a: bf16) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'bf16'}}
  %r = arith.cmpi slt, %a, %a : bf16
  return
}

// -----

func.func @float_compare_of_tuple(%a: tuple<f32>) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'tuple<f32>'}}
  %r = arith.cmpf olt, %a, %a : tuple<f32>
  return
}
