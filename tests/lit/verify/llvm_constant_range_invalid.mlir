// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// #llvm.constant_range and #llvm.mmra_tag written wrongly: a width that is
// no integer type, missing commas, a bound that is no integer, a bound
// past the integers the parser holds, extra parameters; each with
// mlir-opt's message and place.

// expected-error @+1 {{invalid kind of type specified: expected builtin.integer, but found 'f32'}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<f32, 0, 1>})

// -----

// expected-error @+1 {{invalid kind of type specified: expected builtin.integer, but found 'index'}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<index, 0, 1>})

// -----

// expected-error @+1 {{expected ','}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<i32 0, 1>})

// -----

// expected-error @+1 {{expected integer value}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<i32, 1.5, 2>})

// -----

// expected-error @+1 {{expected integer value}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<i32, 1, -x>})

// -----

// expected-error @+1 {{expected '>'}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range<i32, 0, 1, 2>})

// -----

// expected-error @+1 {{expected '<'}}
llvm.func @f(i32 {llvm.range = #llvm.constant_range})

// -----

// expected-error @+1 {{expected ':'}}
"some.op"() {llvm.mmra = #llvm.mmra_tag<"a", "b">} : () -> ()

// -----

// expected-error @+2 {{expected string}}
// expected-error @+1 {{failed to parse LLVM_MMRATagAttr parameter 'suffix' which is to be a `::llvm::StringRef`}}
"some.op"() {llvm.mmra = #llvm.mmra_tag<"a":b>} : () -> ()
