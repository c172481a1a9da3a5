// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.mlir.global: `common` linkage takes a zero value (integers, floats
// of either sign, elements and arrays of zeros), `appending` an array
// type. llvm.func with a body: no_inline and always_inline exclude each
// other, optimize_none needs no_inline; declarations are not checked.

// expected-error@below {{'llvm.mlir.global' op expected zero value for 'common' linkage}}
llvm.mlir.global common @int(1 : i64) : i64

// -----

// expected-error@below {{expected zero value for 'common' linkage}}
llvm.mlir.global common @float(5.000000e-01 : f32) : f32

// -----

// expected-error@below {{expected zero value for 'common' linkage}}
llvm.mlir.global common @dense(dense<[0.0, 0.0, 2.0]> : vector<3xf32>) : !llvm.array<3 x f32>

// -----

// expected-error@below {{expected zero value for 'common' linkage}}
llvm.mlir.global common @nested([[0 : i32], [0 : i32, 7 : i32]]) : !llvm.array<2 x i32>

// -----

// expected-error@below {{expected zero value for 'common' linkage}}
llvm.mlir.global common @string("\00") : !llvm.array<1 x i8>

// -----

llvm.mlir.global common @zeros_int(0 : i64) : i64
llvm.mlir.global common @zeros_neg(-0.000000e+00 : f64) : f64
llvm.mlir.global common @zeros_splat(dense<0> : vector<4xi32>) : !llvm.array<4 x i32>
llvm.mlir.global common @zeros_dense(dense<[0.0, -0.0]> : tensor<2xf32>) : !llvm.array<2 x f32>
llvm.mlir.global common @zeros_array([0 : i32, [0.0 : f32, 0 : i8]]) : !llvm.struct<(i32, f32, i8)>
llvm.mlir.global common @zeros_none() : i32
llvm.mlir.global common @zeros_region() : i32 {
  %0 = llvm.mlir.constant(3 : i32) : i32
  llvm.return %0 : i32
}

// -----

// expected-error@below {{'llvm.mlir.global' op expected array type for 'appending' linkage}}
llvm.mlir.global appending @scalar(0 : i32) : i32

// -----

// expected-error@below {{expected array type for 'appending' linkage}}
llvm.mlir.global appending @struct() : !llvm.struct<(i32)>

// -----

llvm.mlir.global appending @array(dense<1> : tensor<2xi32>) : !llvm.array<2 x i32>

// -----

// expected-error@below {{no_inline and always_inline attributes are incompatible}}
llvm.func @both() attributes { always_inline, no_inline } {
  llvm.return
}

// -----

// expected-error@below {{'llvm.func' op with optimize_none must also be no_inline}}
llvm.func @optnone_only() attributes { optimize_none } {
  llvm.return
}

// -----

// expected-error@below {{no_inline and always_inline attributes are incompatible}}
llvm.func @all_three() attributes { optimize_none, always_inline, no_inline } {
  llvm.return
}

// -----

// expected-error@below {{'llvm.func' op with optimize_none must also be no_inline}}
llvm.func @optnone_always() attributes { optimize_none, always_inline } {
  llvm.return
}

// -----

llvm.func @decl_both() attributes { always_inline, no_inline }
llvm.func @decl_optnone() attributes { optimize_none }
llvm.func @optnone_noinline() attributes { optimize_none, no_inline } {
  llvm.return
}

// -----

// A zero splat of any size is zero without its elements being made (this
// one would take 4 GiB), as is `-0.0`; the stored bytes decide.
llvm.mlir.global common @huge_zero(dense<0> : vector<4294967296xi8>) : !llvm.array<4294967296 x i8>
llvm.mlir.global common @negative_zeros(dense<[-0.0, 0.0]> : vector<2xf64>) : !llvm.array<2 x f64>
llvm.mlir.global common @false_bits(dense<[false, false]> : vector<2xi1>) : !llvm.array<2 x i1>

// -----

// expected-error@below {{expected zero value for 'common' linkage}}
llvm.mlir.global common @sign_bit_of_an_integer(dense<[0, -128]> : vector<2xi8>) : !llvm.array<2 x i8>
