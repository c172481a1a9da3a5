// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// index ops used wrongly, in custom and generic form: operands and results
// that must be `index` (or `i1`), the cast check of `CastOpInterface`
// (exactly one side is `index`), the constants' attributes, a missing
// predicate and a custom form missing its value; each error where mlir-opt
// places it.

func.func @add_of_integers(%a: i32, %b: i32) {
  // expected-error @+1 {{'index.add' op operand #0 must be index, but got 'i32'}}
  %0 = "index.add"(%a, %b) : (i32, i32) -> i32
  return
}

// -----

func.func @casts_index_to_index(%a: index) {
  // expected-error @+1 {{'index.casts' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.casts %a : index to index
  return
}

// -----

func.func @castu_between_integers(%n: i32) {
  // expected-error @+1 {{'index.castu' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.castu %n : i32 to i64
  return
}

// -----

func.func @casts_of_float(%x: f32) {
  // expected-error @+1 {{'index.casts' op operand #0 must be integer or index, but got 'f32'}}
  %0 = index.casts %x : f32 to index
  return
}

// -----

func.func @constant_of_i32_value() {
  // expected-error @+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() <{value = 3 : i32}> : () -> index
  return
}

// -----

func.func @sizeof_as_i64() {
  // expected-error @+1 {{'index.sizeof' op result #0 must be index, but got 'i64'}}
  %0 = "index.sizeof"() : () -> i64
  return
}

// -----

func.func @cmp_result_i32(%a: index, %b: index) {
  // expected-error @+1 {{'index.cmp' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "index.cmp"(%a, %b) <{pred = #index<cmp_predicate eq>}> : (index, index) -> i32
  return
}

// -----

func.func @cmp_without_predicate(%a: index, %b: index) {
  // expected-error @+1 {{'index.cmp' op requires attribute 'pred'}}
  %0 = "index.cmp"(%a, %b) : (index, index) -> i1
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error @+1 {{expected attribute value}}
  %0 = index.constant
  return
}

// -----

func.func @cmp_predicate_keyword(%a: index) -> i1 {
  // expected-error @+2 {{custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
  // expected-error @+1 {{custom op 'index.cmp' failed to parse IndexCmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
  %0 = index.cmp foo(%a, %a)
  return %0 : i1
}

// -----

// expected-error @+2 {{expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge}}
// expected-error @+1 {{failed to parse IndexCmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`}}
"t.op"() {a = #index<cmp_predicate foo>} : () -> ()

// -----

func.func @bool_constant_property_of_the_wrong_kind() {
  // expected-error @+1 {{invalid properties {value = 1 : i64} for op index.bool.constant: Invalid attribute `value` in property conversion: 1 : i64}}
  %0 = "index.bool.constant"() <{value = 1 : i64}> : () -> i1
  return
}

// -----

func.func @cmp_property_of_the_wrong_kind(%a: index) {
  // expected-error @+1 {{invalid properties {pred = 1 : i64} for op index.cmp: Invalid attribute `pred` in property conversion: 1 : i64}}
  %0 = "index.cmp"(%a, %a) <{pred = 1 : i64}> : (index, index) -> i1
  return
}
