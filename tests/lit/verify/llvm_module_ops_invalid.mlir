// RUN: ods-opt %s --verify-diagnostics --split-input-file
// The module-level LLVM ops used wrongly: a comdat holding other ops,
// ctor/dtor lists of different lengths, bad data, symbols that are no
// defined functions, comdat references that name no selector, linker
// options and module flags below the module, flags that are no module
// flags or hold the wrong value for their key, a bad behavior or
// selection kind, `llvm.mlir.none` of another type; each with
// mlir-opt's message and place.

llvm.comdat @c {
  llvm.comdat_selector @any any
  // expected-error @+1 {{only comdat selector symbols can appear in a comdat region}}
  llvm.func @f()
}

// -----

llvm.func @ctor() {
  llvm.return
}
// expected-error @+1 {{ctors, priorities, and data must have the same number of elements}}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32, 1 : i32], data = [#llvm.zero]

// -----

llvm.func @ctor() {
  llvm.return
}
// expected-error @+1 {{data element must be symbol or #llvm.zero}}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [1 : i32]

// -----

llvm.func @ctor()
// expected-error @+1 {{'llvm.mlir.global_ctors' op 'ctor' does not have a definition}}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]

// -----

// expected-error @+1 {{'llvm.mlir.global_dtors' op 'nope' does not reference a valid LLVM function}}
llvm.mlir.global_dtors dtors = [@nope], priorities = [0 : i32], data = [#llvm.zero]

// -----

llvm.mlir.global internal @g(0 : i32) : i32
// expected-error @+1 {{'llvm.mlir.global_dtors' op 'g' does not reference a valid LLVM function}}
llvm.mlir.global_dtors dtors = [@g], priorities = [0 : i32], data = [#llvm.zero]

// -----

llvm.func @dtor() {
  llvm.return
}
// expected-error @+1 {{dtors, priorities, and data must have the same number of elements}}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i32], data = []

// -----

// expected-error @+1 {{'llvm.mlir.global_dtors' op attribute 'priorities' failed to satisfy constraint: 32-bit integer array attribute}}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i64], data = []

// -----

// expected-error @+1 {{'llvm.mlir.global_dtors' op attribute 'dtors' failed to satisfy constraint: flat symbol ref array attribute}}
llvm.mlir.global_dtors dtors = ["dtor"], priorities = [0 : i32], data = []

// -----

llvm.comdat @c {
  llvm.comdat_selector @any any
}
// expected-error @+1 {{expected comdat symbol}}
llvm.mlir.global internal @g(0 : i32) comdat(@c) : i32

// -----

llvm.comdat @c {
  llvm.comdat_selector @any any
}
// expected-error @+1 {{expected comdat symbol}}
llvm.func @f() comdat(@c::@nope)

// -----

llvm.mlir.global internal @g(0 : i32) : i32
// expected-error @+1 {{expected comdat symbol}}
llvm.func @f() comdat(@g) {
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error @+1 {{'llvm.linker_options' op must appear at the module level}}
  llvm.linker_options ["a"]
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error @+1 {{'llvm.module_flags' op must appear at the module level}}
  llvm.module_flags []
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.module_flags' op expected a module flag attribute}}
llvm.module_flags [1 : i32]

// -----

// expected-error @+1 {{'CG Profile' key expects an array of '#llvm.cgprofile_entry'}}
llvm.module_flags [#llvm.mlir.module_flag<error, "CG Profile", [1]>]

// -----

// expected-error @+1 {{'CG Profile' key expects an array of '#llvm.cgprofile_entry'}}
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", 1>]

// -----

// expected-error @+1 {{'ProfileSummary' key expects a '#llvm.profile_summary' attribute}}
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", 1>]

// -----

// expected-error @+1 {{only integer and string values are currently supported for unknown key '"a\22b"'}}
llvm.module_flags [#llvm.mlir.module_flag<error, "a\"b", 1.0>]

// -----

// expected-error @+2 {{expected one of [error, warning, require, override, append, append_unique, max, min] for LLVM Module Flag Behavior, got: bogus}}
// expected-error @+1 {{failed to parse ModuleFlagAttr parameter 'behavior' which is to be a `ModFlagBehavior`}}
llvm.module_flags [#llvm.mlir.module_flag<bogus, "a", 1>]

// -----

// expected-error @+1 {{'llvm.linker_options' op attribute 'options' failed to satisfy constraint: string array attribute}}
llvm.linker_options [1]

// -----

// expected-error @+1 {{custom op 'llvm.comdat_selector' expected string or keyword containing one of the following enum values for attribute 'comdat' [any, exactmatch, largest, nodeduplicate, samesize]}}
llvm.comdat_selector @x bogus

// -----

llvm.func @f() {
  // expected-error @+1 {{'llvm.mlir.none' op result #0 must be LLVM token type, but got 'i32'}}
  %0 = llvm.mlir.none : i32
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.comdat' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
llvm.comdat @empty {
}
