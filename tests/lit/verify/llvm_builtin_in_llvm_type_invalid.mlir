// RUN: ods-opt %s --verify-diagnostics --split-input-file --allow-unregistered-dialect
// A builtin type where an LLVM type's keyword is read (right after
// `!llvm.`): the shaped and composite ones by their keyword too, not only
// a builtin type written whole.

// expected-error @+1 {{unexpected type, expected keyword}}
"foo.op"() : () -> !llvm.vector<4xi32>

// -----

// expected-error @+1 {{unexpected type, expected keyword}}
"foo.op"() : () -> !llvm.memref<2xf32>

// -----

// expected-error @+1 {{unexpected type, expected keyword}}
"foo.op"() : () -> !llvm.complex<f64>

// -----

// expected-error @+1 {{unexpected type, expected keyword}}
"foo.op"() : () -> !llvm.tuple<i1>

// -----

// expected-error @+1 {{unexpected type, expected keyword}}
"foo.op"() : () -> !llvm.bf16

// -----

// expected-error @+1 {{unknown LLVM type: fp128}}
"foo.op"() : () -> !llvm.fp128
