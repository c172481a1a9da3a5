// RUN: ods-opt %s --verify-diagnostics --split-input-file
// One body per identified struct name: a second, different body (other
// elements, packed, empty after opaque), opaque after a body, a name
// inside its own body with a body, a name without a body outside its
// struct; each with mlir-opt's message and place.

// expected-error @+1 {{identified type already used with a different body}}
llvm.func @other_elements(%a: !llvm.struct<"n", (i32)>, %b: !llvm.struct<"n", (i64)>)

// -----

// expected-error @+1 {{redeclaring defined struct as opaque}}
llvm.func @opaque_after_body(%a: !llvm.struct<"n", (i32)>, %b: !llvm.struct<"n", opaque>)

// -----

// expected-error @+1 {{identified type already used with a different body}}
llvm.func @body_after_opaque(%a: !llvm.struct<"n", opaque>, %b: !llvm.struct<"n", (i64)>)

// -----

// expected-error @+1 {{identified type already used with a different body}}
llvm.func @empty_after_opaque(%a: !llvm.struct<"n", opaque>, %b: !llvm.struct<"n", ()>)

// -----

// expected-error @+1 {{identified type already used with a different body}}
llvm.func @packed_differs(%a: !llvm.struct<"n", ()>, %b: !llvm.struct<"n", packed ()>)

// -----

// expected-error @+1 {{identified type already used with a different body}}
llvm.func @packed_elements_differ(%a: !llvm.struct<"n", (i32)>, %b: !llvm.struct<"n", packed (i32)>)

// -----

// expected-error @+1 {{identifier already used for an enclosing struct}}
llvm.func @self_with_body(%a: !llvm.struct<"n", (struct<"n", (i32)>)>)

// -----

// expected-error @+1 {{struct without a body only allowed in a recursive struct}}
llvm.func @other_name(%a: !llvm.struct<"n", (struct<"m">)>)

// -----

// expected-error @+1 {{struct without a body only allowed in a recursive struct}}
llvm.func @after_its_body(%a: !llvm.struct<"n", (i32)>, %b: !llvm.struct<"n">)

// -----

// expected-error @+1 {{invalid LLVM structure element type: '!llvm.void'}}
llvm.func @void_element(%a: !llvm.struct<"n", (i32, void)>)

// -----

llvm.func @recursive_body_differs() {
  // expected-error @+1 {{identified type already used with a different body}}
  %0 = llvm.mlir.undef : !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>, struct<"b", (struct<"a">, i64)>)>
  llvm.return
}
