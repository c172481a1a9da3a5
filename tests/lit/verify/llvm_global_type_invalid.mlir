// RUN: ods-opt %s --verify-diagnostics --split-input-file
// The type of an llvm.mlir.global must be one LLVM IR has and one with
// values: not a label, token, metadata or void, nor a builtin type LLVM
// lacks.

// expected-error @+1 {{'llvm.mlir.global' op expects type to be a valid element type for an LLVM global}}
llvm.mlir.global external @a_token() : !llvm.token

// -----

// expected-error @+1 {{'llvm.mlir.global' op expects type to be a valid element type for an LLVM global}}
llvm.mlir.global private @some_metadata() : !llvm.metadata

// -----

// expected-error @+1 {{'llvm.mlir.global' op expects type to be a valid element type for an LLVM global}}
llvm.mlir.global internal @a_tensor() : tensor<4xf32>

// -----

// expected-error @+1 {{'llvm.mlir.global' op expects type to be a valid element type for an LLVM global}}
"llvm.mlir.global"() ({}) {sym_name = "generic_void", global_type = !llvm.void, linkage = #llvm.linkage<external>} : () -> ()

// -----

// A type LLVM IR has is fine, the float types included.
llvm.mlir.global internal @ppc() : !llvm.ppc_fp128
llvm.mlir.global internal @vec(dense<1.0> : vector<2xf32>) : vector<2xf32>

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region type 'f32' does not match global type 'f64'}}
llvm.mlir.global private @init_mismatch() : f64 {
  %0 = llvm.mlir.constant(1.0 : f32) : f32
  llvm.return %0 : f32
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op initializer region cannot return void}}
llvm.mlir.global private @init_void() : i8 {
  llvm.return
}
