// Constant expressions LLVM 22 keeps: add, sub and xor of a symbolic
// constant (an address, another expression), and the trunc, ptrtoint,
// inttoptr, bitcast and addrspacecast casts. Other ops on them (mul, zext)
// are instructions; overflow flags are not kept on an expression.
llvm.mlir.global external @g(0 : i32) : i32
llvm.mlir.global private constant @table(dense<0> : tensor<8xi32>) {addr_space = 0 : i32, dso_local} : !llvm.array<8 x i32>

llvm.mlir.alias linkonce_odr hidden @past_table {addr_space = 0 : i32, dso_local} : !llvm.array<8 x i32> {
  %0 = llvm.mlir.constant(16 : i64) : i64
  %1 = llvm.mlir.addressof @table : !llvm.ptr
  %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
  %3 = llvm.add %2, %0 : i64
  %4 = llvm.inttoptr %3 : i64 to !llvm.ptr
  llvm.return %4 : !llvm.ptr
}

llvm.mlir.alias external @g_far {addr_space = 2 : i32} : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<2>
  llvm.return %1 : !llvm.ptr<2>
}

llvm.mlir.global external constant @relative() {addr_space = 0 : i32, dso_local} : i32 {
  %0 = llvm.mlir.addressof @relative : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  %2 = llvm.dso_local_equivalent @callee : !llvm.ptr
  %3 = llvm.ptrtoint %2 : !llvm.ptr to i64
  %4 = llvm.sub %3, %1 : i64
  %5 = llvm.trunc %4 : i64 to i32
  llvm.return %5 : i32
}

llvm.func @callee()

llvm.func @exprs(%a: i64) -> i64 {
  %five = llvm.mlir.constant(5 : i64) : i64
  %zero = llvm.mlir.constant(0 : i64) : i64
  %p5 = llvm.inttoptr %five : i64 to !llvm.ptr
  %null = llvm.inttoptr %zero : i64 to !llvm.ptr
  %g = llvm.mlir.addressof @g : !llvm.ptr
  %gi = llvm.ptrtoint %g : !llvm.ptr to i64
  %0 = llvm.add %gi, %a : i64
  %1 = llvm.mul %gi, %five : i64
  %2 = llvm.xor %gi, %five : i64
  %3 = llvm.add %gi, %five overflow<nsw, nuw> : i64
  %4 = llvm.zext %3 : i64 to i128
  %5 = llvm.trunc %3 : i64 to i32
  %6 = llvm.bitcast %g : !llvm.ptr to !llvm.ptr
  %7 = llvm.addrspacecast %null : !llvm.ptr to !llvm.ptr<1>
  %8 = llvm.inttoptr %five : i64 to !llvm.ptr<3>
  %9 = llvm.sub %five, %gi : i64
  %10 = llvm.add %gi, %zero : i64
  llvm.call @use(%p5, %null, %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i128, i32, !llvm.ptr, !llvm.ptr<1>, !llvm.ptr<3>, i64, i64) -> ()
  llvm.return %0 : i64
}

llvm.func @use(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i128, i32, !llvm.ptr, !llvm.ptr<1>, !llvm.ptr<3>, i64, i64)
