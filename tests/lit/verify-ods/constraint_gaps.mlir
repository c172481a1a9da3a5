// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// The test dialect's "constraint gaps (session 3)" ops: tuple and
// type-attribute constraints, dense elements attributes, IsNullAttr,
// TypesMatchWith from an attribute, bit-enum defaults. Valid IR verifies.
// Messages: see dialects/tests/test_constraint_gaps.rs (mlir-opt on
// upstream ops of the same shape, or mlir-tblgen's C++).

"w.wrap"() ({
^bb0(%t: tuple<f32, i32>, %n: tuple<i64, tuple<index, tuple<>>>):
  %r:2 = "test.tuple_types"(%t, %n) : (tuple<f32, i32>, tuple<i64, tuple<index, tuple<>>>) -> (tuple<>, tuple<tuple<i32>>)
  "test.type_attr_of"() <{f32_tensor_type = tensor<*xf32>, int_type = ui8, tensor_type = tensor<2xindex>}> : () -> ()
  "test.elements_attrs"() <{any_i32s = dense<1> : tensor<si32>, i32s = dense<[1, 2]> : vector<2xi32>, indices = dense<0> : tensor<3xindex>, pair = dense<[3, 4]> : tensor<2xi32>, f64s = dense<1.5> : tensor<f64>, square = dense<0.0> : tensor<2x2xf32>, strings = dense<["a", "b"]> : tensor<2x!w.s>}> : () -> ()
  "test.null_or"() : () -> ()
  "test.null_or"() <{dims = array<i32: 1, 1, 1>}> : () -> ()
  %c:2 = "test.attr_type_match"() <{value = dense<[1.0, 2.0]> : tensor<2xf16>}> : () -> (tensor<2xf16>, f16)
  "test.flag_defaults"() <{joined = 7 : i32}> : () -> ()
}) : () -> ()

// -----

"w.wrap"() ({
^bb0(%t: tuple<>):
  // expected-error @+1 {{'test.tuple_types' op result #1 must be nested tuple with any combination of 32-bit signless integer or 32-bit float values, but got 'tuple<i32, tuple<f64>>'}}
  %r:2 = "test.tuple_types"(%t, %t) : (tuple<>, tuple<>) -> (tuple<>, tuple<i32, tuple<f64>>)
}) : () -> ()

// -----

// expected-error @+1 {{'test.type_attr_of' op attribute 'int_type' failed to satisfy constraint: type attribute of integer}}
"test.type_attr_of"() <{int_type = index}> : () -> ()

// -----

// expected-error @+1 {{'test.elements_attrs' op attribute 'i32s' failed to satisfy constraint: 32-bit signless integer elements attribute}}
"test.elements_attrs"() <{i32s = dense<1> : tensor<2xsi32>}> : () -> ()

// -----

// expected-error @+1 {{'test.elements_attrs' op attribute 'pair' failed to satisfy constraint: 32-bit signless int elements attribute of shape [2]}}
"test.elements_attrs"() <{i32s = dense<1> : tensor<i32>, pair = dense<1> : tensor<1x2xi32>}> : () -> ()

// -----

// expected-error @+1 {{'test.null_or' op attribute 'dims' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)}}
"test.null_or"() <{dims = array<i32>}> : () -> ()

// -----

// expected-error @+1 {{'test.attr_type_match' op failed to verify that result type matches the value attribute}}
%c:2 = "test.attr_type_match"() <{value = 1.0 : f32}> : () -> (f64, f32)

// -----

// expected-error @+1 {{invalid properties {by_path = 16 : i32} for op test.flag_defaults: Invalid attribute `by_path` in property conversion: 16 : i32}}
"test.flag_defaults"() <{by_path = 16 : i32}> : () -> ()

// -----

// expected-error @+1 {{'test.flag_defaults' op attribute 'by_path' failed to satisfy constraint: access rights}}
"test.flag_defaults"() {by_path = 16 : i32} : () -> ()
