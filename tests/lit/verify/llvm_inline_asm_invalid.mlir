// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.inline_asm used wrongly: a musttail call, an unknown asm dialect,
// a missing string, result counts and types; each with mlir-opt's message and place.

llvm.func @asm_musttail(%a: i32, %p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.inline_asm' op tail call kind 'musttail' is not supported by this operation}}
  llvm.inline_asm tail_call_kind = <musttail> "nop", "" : () -> ()
  llvm.return
}

// -----

llvm.func @asm_bad_dialect(%a: i32, %p: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.inline_asm' expected string or keyword containing one of the following enum values for attribute 'asm_dialect' [att, intel]}}
  llvm.inline_asm asm_dialect = foo "nop", "" : () -> ()
  llvm.return
}

// -----

llvm.func @asm_no_constraints(%a: i32, %p: !llvm.ptr) {
  // expected-error @+1 {{expected ','}}
  llvm.inline_asm "nop" : () -> ()
  llvm.return
}

// -----

llvm.func @asm_two_results(%a: i32, %p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.inline_asm' op result group starting at #0 requires 0 or 1 element, but found 2}}
  %0:2 = llvm.inline_asm "nop", "=r,=r" : () -> (i32, i32)
  llvm.return
}

// -----

llvm.func @asm_result_type(%a: i32, %p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.inline_asm' op result #0 must be LLVM dialect-compatible type, but got 'index'}}
  %0 = llvm.inline_asm "nop", "=r" : () -> index
  llvm.return
}
