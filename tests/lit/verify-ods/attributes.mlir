// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Attribute constraints of the test dialect: required, kind, confined,
// enum and bit-enum attributes; valid values verify. Messages: see
// dialects/tests/test_dialect.rs (checked against mlir-tblgen's C++).

"test.wrapped_attrs"() <{count = 3 : i32, maybe = 1 : i64, mode = "fast"}> : () -> ()
"test.confined_attrs"() <{alignment = 8 : i32, min2 = 2 : i64, odd = 5 : i64, sorted = array<i64: 1, 1, 2>}> : () -> ()
"test.enum_attrs"() <{access = 7 : i32, color = 5 : i32}> : () -> ()

// -----

// expected-error @+1 {{'test.enum_attrs' op requires attribute 'color'}}
"test.enum_attrs"() : () -> ()

// -----

// No case of the enum: its attribute class holds only its cases, so the
// property conversion rejects it while parsing.
// expected-error @+1 {{invalid properties {color = 2 : i32} for op test.enum_attrs: Invalid attribute `color` in property conversion: 2 : i32}}
"test.enum_attrs"() <{color = 2 : i32}> : () -> ()

// -----

// expected-error @+1 {{attribute 'color' failed to satisfy constraint: a primary color}}
"test.enum_attrs"() {color = 2 : i32} : () -> ()

// -----

// expected-error @+1 {{invalid properties {access = 8 : i32, color = 0 : i32} for op test.enum_attrs: Invalid attribute `access` in property conversion: 8 : i32}}
"test.enum_attrs"() <{access = 8 : i32, color = 0 : i32}> : () -> ()

// -----

// expected-error @+1 {{attribute 'access' failed to satisfy constraint: access rights}}
"test.enum_attrs"() {access = 8 : i32, color = 0 : i32} : () -> ()

// -----

// expected-error @+1 {{attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute}}
"test.wrapped_attrs"() <{count = 1 : i64}> : () -> ()

// -----

// expected-error @+1 {{attribute 'min2' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 2}}
"test.confined_attrs"() <{min2 = 1 : i64}> : () -> ()

// -----

// expected-error @+1 {{attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
"test.confined_attrs"() <{alignment = 12 : i32}> : () -> ()

// -----

// expected-error @+1 {{attribute 'strictly_sorted' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
"test.confined_attrs"() <{strictly_sorted = array<i64: 1, 1>}> : () -> ()

// -----

// expected-error @+1 {{attribute 'int_or_text' failed to satisfy constraint: 64-bit signless integer attribute or string attribute}}
"test.confined_attrs"() <{int_or_text = 1.0 : f64}> : () -> ()

// -----

// Inherent attributes written in the discardable dictionary are checked too.
// expected-error @+1 {{attribute 'first_in1to3' failed to satisfy constraint: 64-bit integer array attribute whose 0-th element must be at least 1 and at most 3}}
"test.confined_attrs"() {first_in1to3 = [4]} : () -> ()
