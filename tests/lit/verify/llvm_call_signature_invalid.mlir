// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Malformed signatures of llvm.func, llvm.call and llvm.getelementptr: a
// parameter after `...`, a call's trailing types that are no signature
// (the signature's own error, then what the call wanted), a type that is
// no function type where one is read, and a callee that is no pointer.

// expected-error @+1 {{variadic arguments must be in the end of the argument list}}
llvm.func @after_ellipsis(i64, ..., f32)

// -----

// expected-error @+1 {{variadic arguments must be in the end of the argument list}}
llvm.func @named_after_ellipsis(%a: !llvm.ptr, ..., %b: i8) {
  llvm.return
}

// -----

llvm.func @callee(i32) -> i32

llvm.func @direct_with_pointer(%x: i32) -> i32 {
  // expected-error @+2 {{expected '('}}
  // expected-error @+1 {{expected direct call to have 1 trailing types}}
  %r = llvm.call @callee(%x) : !llvm.ptr, (i32) -> i32
  llvm.return %r : i32
}

// -----

llvm.func @indirect_without_signature(%f: !llvm.ptr, %x: f64) {
  // expected-error @+2 {{expected '('}}
  // expected-error @+1 {{expected trailing function type}}
  llvm.call %f(%x) : !llvm.ptr, f64
  llvm.return
}

// -----

llvm.func @gep_not_functional(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %q = llvm.getelementptr %p[%i] : i32, f32
  llvm.return
}

// -----

llvm.func @callee_not_pointer(%f: i64) {
  // expected-error @+1 {{indirect call expects a pointer as callee: 'i64'}}
  "llvm.call"(%f) {operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = array<i32>} : (i64) -> ()
  llvm.return
}

// -----

llvm.func @indirect_without_pointer(%f: !llvm.ptr, %x: i16) {
  // expected-error @+1 {{expected indirect call to have 2 trailing types}}
  llvm.call %f(%x) : (i16) -> ()
  llvm.return
}

// -----

llvm.func @indirect_one_type(%f: !llvm.ptr, %x: i16) {
  // expected-error @+1 {{expected indirect call to have 2 trailing types}}
  llvm.call %f(%x) : !llvm.ptr
  llvm.return
}

// -----

llvm.func @void_result(%f: !llvm.ptr) {
  // expected-error @+1 {{expected a non-void result type}}
  llvm.call %f() : !llvm.ptr, () -> !llvm.void
  llvm.return
}
