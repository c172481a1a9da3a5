// Global and constant initializers: zero splats of any size stay
// `zeroinitializer` without their elements being made (the first would
// take 4 GiB), other splats, `sparse` and `dense_resource` (the blobs of
// the file's `dialect_resources` section).

llvm.mlir.global common @big(dense<0> : vector<4294967296xi8>) {addr_space = 0 : i32} : !llvm.array<4294967296 x i8>
llvm.mlir.global internal @big_2d(dense<0> : tensor<65536x65536xi32>) {addr_space = 0 : i32} : !llvm.array<65536 x array<65536 x i32>>
llvm.mlir.global internal @big_vector(dense<0> : vector<1048577xi64>) {addr_space = 0 : i32} : vector<1048577 x i64>
llvm.mlir.global internal @zero_floats(dense<0.0> : tensor<2x3xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x f32>>
llvm.mlir.global internal @negative_zeros(dense<-0.0> : vector<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
llvm.mlir.global internal @sevens(dense<7> : tensor<2x2xi16>) {addr_space = 0 : i32} : !llvm.array<2 x array<2 x i16>>
llvm.mlir.global internal @sparse_ints(sparse<[[0, 1], [2, 0]], [5, -6]> : tensor<3x2xi32>) {addr_space = 0 : i32} : !llvm.array<3 x array<2 x i32>>
llvm.mlir.global internal @sparse_zero(sparse<[[1]], [0.0]> : tensor<4xf64>) {addr_space = 0 : i32} : !llvm.array<4 x f64>

llvm.mlir.global internal constant @resource_tensor(dense_resource<blob_5xf32> : tensor<5xf32>) : !llvm.array<5 x f32>
llvm.mlir.global internal constant @resource_vector(dense_resource<blob_5xf32> : vector<5xf32>) : vector<5xf32>
llvm.mlir.global internal constant @resource_nested(dense_resource<blob_2x2xf32> : tensor<1x2x2xf32>) : !llvm.array<1 x array<2 x array<2 x f32>>>
llvm.mlir.global internal constant @resource_nested_vector(dense_resource<blob_2x2xf32> : vector<1x2x2xf32>) : !llvm.array<1 x array<2 x vector<2 x f32>>>
llvm.mlir.global internal constant @resource_ints(dense_resource<blob_4xi16> : tensor<4xi16>) : !llvm.array<4 x i16>

llvm.func @constants() -> vector<4xf32> {
  %0 = llvm.mlir.constant(sparse<[1, 3], [4.2e+01, -1.5]> : vector<4xf32>) : vector<4xf32>
  llvm.return %0 : vector<4xf32>
}

llvm.func @zero_splat() -> vector<1048577xi64> {
  %0 = llvm.mlir.constant(dense<0> : vector<1048577xi64>) : vector<1048577xi64>
  llvm.return %0 : vector<1048577xi64>
}

llvm.func @resource() -> vector<4xi16> {
  %0 = llvm.mlir.constant(dense_resource<blob_4xi16> : vector<4xi16>) : vector<4xi16>
  llvm.return %0 : vector<4xi16>
}

llvm.func @sparse_nested() -> !llvm.array<2 x vector<2 x i8>> {
  %0 = llvm.mlir.constant(sparse<[[1, 1]], [3]> : vector<2x2xi8>) : !llvm.array<2 x vector<2 x i8>>
  llvm.return %0 : !llvm.array<2 x vector<2 x i8>>
}

{-#
  dialect_resources: {
    builtin: {
      blob_5xf32: "0x08000000041A503E183382BEFCEEBABE7A3AF0BE0E9DEE3E",
      blob_2x2xf32: "0x0800000054A3B53ED6C0B33E55D1A2BDE5D2BB3E",
      blob_4xi16: "0x020000000100FFFF03800400"
    }
  }
#-}
