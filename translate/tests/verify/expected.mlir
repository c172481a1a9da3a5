// --verify-diagnostics with --split-input-file: the diagnostics of each
// chunk are checked against its expected-* comments; chunks that
// translate are printed.

// expected-error @below {{LLVM Translation failed for operation: llvm.unknown_op}}
"llvm.unknown_op"() : () -> ()

// -----

llvm.func @fine() {
  llvm.return
}

// -----

llvm.func @unary_float_intr_wrong_type(%arg0 : i32) -> i32 {
  // expected-error @below{{op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type}}
  %0 = "llvm.intr.exp"(%arg0) : (i32) -> i32
  llvm.return %0 : i32
}
