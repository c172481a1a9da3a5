// A vector constant whose elements are one integer or float prints as
// LLVM's `splat (ty v)` shorthand (arrays and mixed vectors do not).
llvm.mlir.global internal @one(dense<7> : vector<1xi32>) {addr_space = 0 : i32} : vector<1xi32>
llvm.mlir.global internal @floats(dense<1.5> : vector<3xf32>) {addr_space = 0 : i32} : vector<3xf32>
llvm.mlir.global internal @negative_zeros(dense<-0.0> : vector<2xf64>) {addr_space = 0 : i32} : vector<2xf64>
llvm.mlir.global internal @nested(dense<1.5> : vector<2x2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x vector<2xf32>>
llvm.mlir.global internal @mixed(dense<[1, 2]> : vector<2xi8>) {addr_space = 0 : i32} : vector<2xi8>
llvm.mlir.global internal @array(dense<5> : tensor<2xi8>) {addr_space = 0 : i32} : !llvm.array<2 x i8>

llvm.func @g(%a: vector<2xi32>) -> vector<2xi32> {
  %0 = llvm.mlir.constant(dense<3> : vector<2xi32>) : vector<2xi32>
  %1 = llvm.add %a, %0 : vector<2xi32>
  %2 = llvm.mlir.constant(dense<[9, 4]> : vector<2xi32>) : vector<2xi32>
  %3 = llvm.add %1, %2 : vector<2xi32>
  llvm.return %3 : vector<2xi32>
}
