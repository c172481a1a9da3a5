// Scalable vectors: `<vscale x N x T>` in signatures, aggregates and
// instructions, `nxv` in intrinsic names, the alignment of the vector of
// the minimum length, a splat shuffle's `zeroinitializer` mask, and the
// fold of `zeroinitializer` lanes.
llvm.func @scalable_vect(%arg0: vector<[4]xf32>, %arg1: i32, %arg2: f32) -> vector<[4]xf32> {
  %0 = llvm.extractelement %arg0[%arg1 : i32] : vector<[4]xf32>
  %1 = llvm.insertelement %arg2, %arg0[%arg1 : i32] : vector<[4]xf32>
  %2 = llvm.shufflevector %arg0, %arg0 [0, 0, 0, 0] : vector<[4]xf32>
  %3 = llvm.shufflevector %1, %arg0 [0, 0, 0, 0] : vector<[4]xf32>
  %4 = llvm.fadd %2, %3 : vector<[4]xf32>
  %5 = "llvm.intr.fma"(%4, %4, %4) : (vector<[4]xf32>, vector<[4]xf32>, vector<[4]xf32>) -> vector<[4]xf32>
  %c = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %c x vector<[4]xf32> : (i64) -> !llvm.ptr
  llvm.store %5, %p : vector<[4]xf32>, !llvm.ptr
  %6 = llvm.load %p : !llvm.ptr -> vector<[4]xf32>
  %z = llvm.mlir.zero : vector<[2]xi64>
  %7 = llvm.add %z, %z : vector<[2]xi64>
  %8 = llvm.mul %z, %z : vector<[2]xi64>
  %9 = llvm.add %7, %8 : vector<[2]xi64>
  llvm.call @sink(%9) : (vector<[2]xi64>) -> ()
  llvm.return %6 : vector<[4]xf32>
}
llvm.func @sink(vector<[2]xi64>)
llvm.func @decl(vector<[8]xi16>) -> !llvm.array<2 x vector<[4]xf32>>
