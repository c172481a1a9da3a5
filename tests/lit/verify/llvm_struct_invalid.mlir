// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Identified LLVM structs written wrongly: a name without a body outside
// its own struct, opaque literal structs, a body after opaque, missing
// punctuation; each with mlir-opt's message and place.

llvm.func @struct_no_body() {
  // expected-error @+1 {{struct without a body only allowed in a recursive struct}}
  %0 = llvm.mlir.undef : !llvm.struct<"a">
  llvm.return
}

// -----

llvm.func @struct_literal_opaque() {
  // expected-error @+1 {{only identified structs can be opaque}}
  %0 = llvm.mlir.undef : !llvm.struct<opaque>
  llvm.return
}

// -----

llvm.func @struct_opaque_body() {
  // expected-error @+1 {{expected '>'}}
  %0 = llvm.mlir.undef : !llvm.struct<"a", opaque, (i32)>
  llvm.return
}

// -----

llvm.func @struct_no_comma() {
  // expected-error @+1 {{expected ','}}
  %0 = llvm.mlir.undef : !llvm.struct<"a" (i32)>
  llvm.return
}

// -----

llvm.func @struct_packed_opaque() {
  // expected-error @+1 {{expected '('}}
  %0 = llvm.mlir.undef : !llvm.struct<"a", packed opaque>
  llvm.return
}
