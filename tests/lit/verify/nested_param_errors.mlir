// RUN: ods-opt %s --verify-diagnostics --split-input-file
// An attribute or type nested in another's parameter that fails to parse:
// each enclosing definition adds `failed to parse ... parameter`, placed
// past the whole nested `#dialect.name<...>` text as mlir-opt places it
// (tests/tests/verify_report_mlir_opt.rs compares the columns).

// A `struct(params)` parameter, one deep.
// expected-error @+3 {{invalid kind of attribute specified}}
// expected-error @+2 {{failed to parse LoopVectorizeAttr parameter 'disable' which is to be a `BoolAttr`}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'vectorize' which is to be a `LoopVectorizeAttr`}}
#la = #llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = 5>>

// -----

// Blanks before the outer `>`: the outer error is at that `>`.
// expected-error @+3 {{invalid kind of attribute specified}}
// expected-error @+2 {{failed to parse LoopVectorizeAttr parameter 'disable' which is to be a `BoolAttr`}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'vectorize' which is to be a `LoopVectorizeAttr`}}
#la = #llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = 5>  >

// -----

// Three deep, the bad value typed (`1 : i32`).
// expected-error @+5 {{invalid kind of attribute specified}}
// expected-error @+4 {{failed to parse LoopLICMAttr parameter 'disable' which is to be a `BoolAttr`}}
// expected-error @+3 {{failed to parse LoopAnnotationAttr parameter 'licm' which is to be a `LoopLICMAttr`}}
// expected-error @+2 {{failed to parse LoopUnrollAttr parameter 'followupAll' which is to be a `LoopAnnotationAttr`}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'unroll' which is to be a `LoopUnrollAttr`}}
#la = #llvm.loop_annotation<unroll = #llvm.loop_unroll<followupAll = #llvm.loop_annotation<licm = #llvm.loop_licm<disable = 1 : i32>>>>

// -----

// A positional form (`"name" in "directory"`) in a struct one.
// expected-error @+2 {{expected 'in'}}
// expected-error @+1 {{failed to parse LLVM_DISubprogramAttr parameter 'file' which is to be a `DIFileAttr`}}
#sp = #llvm.di_subprogram<id = distinct[0]<>, name = "f", file = #llvm.di_file<"x" "y">, subprogramFlags = Definition>

// -----

// Text left in the nested attribute: its `expected '>'`, then the outer
// error past the whole nested text.
// expected-error @+2 {{expected '>'}}
// expected-error @+1 {{failed to parse LLVM_DISubprogramAttr parameter 'file' which is to be a `DIFileAttr`}}
#sp = #llvm.di_subprogram<id = distinct[0]<>, name = "f", file = #llvm.di_file<"x" in "y" 3>, subprogramFlags = Definition>

// -----

// In an op's property.
llvm.func @h() {
  // expected-error @+3 {{invalid kind of attribute specified}}
  // expected-error @+2 {{failed to parse LoopUnrollAttr parameter 'disable' which is to be a `BoolAttr`}}
  // expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'unroll' which is to be a `LoopUnrollAttr`}}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = 7>>}
^bb1:
  llvm.return
}

// -----

// A nested type.
// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse LLVMPointerType parameter 'addressSpace' which is to be a `unsigned`}}
llvm.func @g() -> !llvm.array<4 x !llvm.ptr<x>>
