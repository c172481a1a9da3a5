// --verify-diagnostics with --split-input-file: an expectation no
// diagnostic meets, and a diagnostic no expectation names.

// expected-error @below {{this is not what happens}}
llvm.func @fine() {
  llvm.return
}

// -----

llvm.func @bad() {
  %0 = llvm.mlir.constant(1 : i32) : i64
  llvm.return
}
