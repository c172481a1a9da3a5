// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Target extension types written or used wrongly: parameters out of
// order, no name, a bad parameter, an integer past 32 bits; a global of
// a type that cannot be one, a global with a value, alloca of a type
// memory ops do not take, llvm.mlir.zero of a type without a zero value;
// each with mlir-opt's message and place.

func.func private @ints_before_types() {
  // expected-error @+1 {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"target1", 5, i32, 1>
}

// -----

func.func private @no_name() {
  // expected-error@below {{expected string}}
  // expected-error@below {{failed to parse LLVMTargetExtType parameter 'extTypeName' which is to be a `::llvm::StringRef`}}
  "some.op"() : () -> !llvm.target<i32, 42>
}

// -----

func.func private @unknown_param() {
  // expected-error@below {{unknown LLVM type: foo}}
  // expected-error@below {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"t", foo>
}

// -----

func.func private @trailing_comma() {
  // expected-error@below {{expected valid keyword}}
  // expected-error@below {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"t",>
}

// -----

func.func private @int_too_large() {
  // expected-error@below {{integer value too large}}
  // expected-error@below {{expected valid keyword}}
  // expected-error@below {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"t", 4294967296>
}

// -----

func.func private @negative_too_large() {
  // expected-error@below {{integer value too large}}
  // expected-error@below {{expected valid keyword}}
  // expected-error@below {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"t", -2147483648>
}

// -----

func.func private @float_param() {
  // expected-error@below {{expected valid keyword}}
  // expected-error@below {{failed to parse parameter list for target extension type}}
  "some.op"() : () -> !llvm.target<"t", 1.5>
}

// -----

func.func private @missing_greater() {
  // expected-error @+1 {{expected '>'}}
  "some.op"() : () -> !llvm.target<"t", i32 i32>
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op this target extension type cannot be used in a global}}
llvm.mlir.global @not_global() : !llvm.target<"aarch64.svcount">

// -----

// expected-error @+1 {{'llvm.mlir.global' op global with target extension type can only be initialized with zero-initializer}}
llvm.mlir.global @with_value(0 : i64) : !llvm.target<"spirv.Image", i32, 0>

// -----

llvm.func @alloca_no_mem_ops() {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{'llvm.alloca' op this target extension type cannot be used in alloca}}
  %0 = llvm.alloca %c1 x !llvm.target<"other", i32> : (i32) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @zero_without_zero_init() {
  // expected-error @+1 {{'llvm.mlir.zero' op target extension type does not support zero-initializer}}
  %0 = llvm.mlir.zero : !llvm.target<"aarch64.svcount">
  llvm.return
}

// -----

// The vector element check comes first.
func.func private @vector_of_target() {
  // expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
  "some.op"() : () -> vector<4x!llvm.target<"spirv.Event">>
}

// -----

func.func private @memref_of_target() {
  // expected-error @+1 {{invalid memref element type}}
  "some.op"() : () -> memref<4x!llvm.target<"spirv.Event">>
}

// -----

llvm.func @load_no_mem_ops(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.target<"other">'}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.target<"other">
  llvm.return
}

// -----

llvm.func @store_no_mem_ops(%p: !llvm.ptr, %v: !llvm.target<"other", 1>) {
  // expected-error @+1 {{'llvm.store' op operand #0 must be LLVM type with size, but got '!llvm.target<"other", 1>'}}
  llvm.store %v, %p : !llvm.target<"other", 1>, !llvm.ptr
  llvm.return
}
