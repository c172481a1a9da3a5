// Globals whose initializers are regions (arrays of pointers, a
// getelementptr of a global), vector, splat and i1 initializers,
// constant arrays stored from a function, integer flags, vector folding.
llvm.mlir.global private constant @s0("zero\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @s1("one\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @names() : !llvm.array<2 x ptr> {
  %u = llvm.mlir.undef : !llvm.array<2 x ptr>
  %a = llvm.mlir.addressof @s0 : !llvm.ptr
  %b = llvm.mlir.addressof @s1 : !llvm.ptr
  %0 = llvm.insertvalue %a, %u[0] : !llvm.array<2 x ptr>
  %1 = llvm.insertvalue %b, %0[1] : !llvm.array<2 x ptr>
  llvm.return %1 : !llvm.array<2 x ptr>
}
llvm.mlir.global internal @second() : !llvm.ptr {
  %a = llvm.mlir.addressof @s1 : !llvm.ptr
  %g = llvm.getelementptr %a[1] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.return %g : !llvm.ptr
}
llvm.mlir.global external @ints(dense<[1, 0, 3]> : vector<3xi32>) : vector<3xi32>
llvm.mlir.global external @splat(dense<5> : tensor<4xi64>) : !llvm.array<4 x i64>
llvm.mlir.global external @flag(true) : i1
llvm.mlir.global external @f32v(1.0 : f32) : f32
llvm.func @f(%p: !llvm.ptr, %x: i32) -> i32 {
  %s = llvm.mlir.constant("abc") : !llvm.array<3 x i8>
  llvm.store %s, %p : !llvm.array<3 x i8>, !llvm.ptr
  %c = llvm.mlir.constant(dense<[1.5, 2.0]> : tensor<2xf64>) : !llvm.array<2 x f64>
  llvm.store %c, %p : !llvm.array<2 x f64>, !llvm.ptr
  %y = llvm.sub %x, %x overflow<nuw> : i32
  %z = llvm.udiv %y, %x {isExact} : i32
  %w = llvm.or disjoint %z, %x : i32
  %n = llvm.zext nneg %w : i32 to i64
  %t = llvm.trunc %n overflow<nsw> : i64 to i16
  %e = llvm.sext %t : i16 to i32
  %names = llvm.mlir.addressof @names : !llvm.ptr
  %q = llvm.getelementptr %names[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x ptr>
  %l = llvm.load %q : !llvm.ptr -> !llvm.ptr
  %l2 = llvm.load %l : !llvm.ptr -> i8
  %l3 = llvm.zext %l2 : i8 to i32
  %r = llvm.add %e, %l3 : i32
  %sp = llvm.mlir.constant(dense<3> : vector<4xi32>) : vector<4xi32>
  %v = llvm.mlir.undef : vector<4xi32>
  %vv = llvm.add %v, %sp : vector<4xi32>
  %k = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %kk = llvm.mul %k, %sp : vector<4xi32>
  llvm.store %kk, %p : vector<4xi32>, !llvm.ptr
  llvm.return %r : i32
}
