// Instructions whose operands are all constants fold, as LLVM's
// IRBuilder folds them: no instruction, the constant in its place.
llvm.mlir.global external @arr(dense<[1, 2, 3, 4]> : tensor<4xi32>) : !llvm.array<4 x i32>

llvm.func @folded(%x: i32) -> i32 {
  %a = llvm.mlir.constant(6 : i32) : i32
  %b = llvm.mlir.constant(7 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  %p = llvm.mul %a, %b : i32
  %q = llvm.sub %p, %a overflow<nsw> : i32
  %r = llvm.shl %q, %b : i32
  %s = llvm.ashr %r, %a : i32
  %big = llvm.mlir.constant(-100 : i32) : i32
  %d = llvm.sdiv %big, %a : i32
  %m = llvm.urem %big, %b : i32
  %c = llvm.icmp "sgt" %d, %m : i32
  %z = llvm.zext %c : i1 to i32
  %poison = llvm.udiv %a, %zero : i32
  %sel = llvm.select %c, %s, %z : i1, i32
  %t = llvm.add %x, %sel : i32
  %u = llvm.add %t, %d : i32
  %v = llvm.add %u, %m : i32
  %w = llvm.add %v, %poison : i32
  %g = llvm.mlir.addressof @arr : !llvm.ptr
  %e = llvm.getelementptr %g[0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i32>
  %e0 = llvm.getelementptr %g[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i32>
  %l = llvm.load %e : !llvm.ptr -> i32
  %l0 = llvm.load %e0 : !llvm.ptr -> i32
  %y = llvm.add %w, %l : i32
  %y2 = llvm.add %y, %l0 : i32
  %f1 = llvm.mlir.constant(1.5 : f64) : f64
  %f2 = llvm.mlir.constant(2.25 : f64) : f64
  %f3 = llvm.fmul %f1, %f2 : f64
  %fc = llvm.fcmp "ogt" %f3, %f1 : f64
  %fi = llvm.fptosi %f3 : f64 to i32
  %y3 = llvm.add %y2, %fi : i32
  %y4 = llvm.select %fc, %y3, %x : i1, i32
  %u1 = llvm.mlir.undef : i32
  %y5 = llvm.add %u1, %b : i32
  %y6 = llvm.add %y4, %y5 : i32
  llvm.return %y6 : i32
}

llvm.func @constant_aggregates() -> !llvm.struct<(i32, f64)> {
  %u = llvm.mlir.undef : !llvm.struct<(i32, f64)>
  %a = llvm.mlir.constant(3 : i32) : i32
  %s = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, f64)>
  %x = llvm.extractvalue %s[0] : !llvm.struct<(i32, f64)>
  %s2 = llvm.insertvalue %x, %s[0] : !llvm.struct<(i32, f64)>
  llvm.return %s2 : !llvm.struct<(i32, f64)>
}

llvm.func @vectors(%v: vector<4xi32>) -> vector<4xi32> {
  %c = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %r = llvm.add %v, %c : vector<4xi32>
  llvm.return %r : vector<4xi32>
}
