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
