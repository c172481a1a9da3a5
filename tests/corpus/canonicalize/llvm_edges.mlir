// LLVM dialect folds at the edges: wide integers and shifts past 64 bits,
// GEP indices of i1 and past i32, vectors of pointers, extractvalue walks
// into inserted aggregates (ending at a constant or not), constants of
// nested arrays and structs.

llvm.func @use(i1, i32, i128, i64)
llvm.func @usev(vector<2xi1>, !llvm.ptr, !llvm.ptr, !llvm.ptr)
llvm.func @ints() {
  %t = llvm.mlir.constant(true) : i1
  %f = llvm.mlir.constant(false) : i1
  %0 = llvm.or %t, %f : i1
  %1 = llvm.zext %t : i1 to i32
  %big = llvm.mlir.constant(170141183460469231731687303715884105727 : i128) : i128
  %one = llvm.mlir.constant(1 : i128) : i128
  %2 = llvm.shl %big, %one : i128
  %h = llvm.mlir.constant(18446744073709551617 : i128) : i128
  %3 = llvm.shl %one, %h : i128
  %m = llvm.mlir.constant(-1 : i32) : i32
  %4 = llvm.zext %m : i32 to i64
  llvm.call @use(%0, %1, %2, %4) : (i1, i32, i128, i64) -> ()
  %5 = llvm.shl %big, %h : i128
  %6 = llvm.or %big, %3 : i128
  llvm.call @use(%0, %1, %5, %4) : (i1, i32, i128, i64) -> ()
  llvm.call @use(%0, %1, %6, %4) : (i1, i32, i128, i64) -> ()
  llvm.return
}
llvm.func @geps(%p: !llvm.ptr, %vp: vector<2x!llvm.ptr>, %vi: vector<2xi64>) {
  %t = llvm.mlir.constant(true) : i1
  %m = llvm.mlir.constant(-5 : i64) : i64
  %c = llvm.mlir.constant(2147483648 : i64) : i64
  %v = llvm.mlir.constant(dense<3> : vector<2xi64>) : vector<2xi64>
  %0 = llvm.getelementptr %p[%t] : (!llvm.ptr, i1) -> !llvm.ptr, i8
  %1 = llvm.getelementptr %p[%m, %c] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<4 x i8>
  %2 = llvm.getelementptr %p[%v] : (!llvm.ptr, vector<2xi64>) -> vector<2x!llvm.ptr>, i8
  %z = llvm.mlir.zero : i32
  %3 = llvm.getelementptr %p[%z] : (!llvm.ptr, i32) -> !llvm.ptr, i8
  %4 = llvm.icmp "eq" %vp, %vp : vector<2x!llvm.ptr>
  llvm.call @usev(%4, %0, %1, %3) : (vector<2xi1>, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  %5 = llvm.getelementptr %p[%z, 1, %t] : (!llvm.ptr, i32, i1) -> !llvm.ptr, !llvm.struct<(i32, array<2 x i8>)>
  llvm.call @usev(%4, %5, %1, %3) : (vector<2xi1>, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}
llvm.func @usei(i32, i32, i32, i32)
llvm.func @chains(%a: i32, %b: i32, %s: !llvm.struct<(struct<(i32, i32)>, i32)>, %in: !llvm.struct<(i32, i32)>) {
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %0, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.insertvalue %b, %1[1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %3 = llvm.extractvalue %2[0, 0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %4 = llvm.extractvalue %2[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %5 = llvm.insertvalue %in, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %6 = llvm.insertvalue %b, %5[1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %7 = llvm.extractvalue %6[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %8 = llvm.insertvalue %a, %in[1] : !llvm.struct<(i32, i32)>
  %9 = llvm.insertvalue %8, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %10 = llvm.extractvalue %9[0, 0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  llvm.call @usei(%3, %4, %7, %10) : (i32, i32, i32, i32) -> ()
  llvm.return
}
llvm.func @consts() {
  %s = llvm.mlir.constant(dense<5> : vector<4xi32>) : vector<4xi32>
  %a = llvm.mlir.constant(dense<[1.0, 2.0]> : tensor<2xf32>) : !llvm.array<2 x f32>
  %0 = llvm.extractvalue %a[1] : !llvm.array<2 x f32>
  %b = llvm.mlir.constant([[1 : i32, 2 : i32], [3 : i32, 4 : i32]]) : !llvm.array<2 x struct<(i32, i32)>>
  %1 = llvm.extractvalue %b[1, 0] : !llvm.array<2 x struct<(i32, i32)>>
  %2 = llvm.extractvalue %b[1] : !llvm.array<2 x struct<(i32, i32)>>
  %z = llvm.mlir.zero : !llvm.array<2 x struct<(i32, i32)>>
  %3 = llvm.extractvalue %z[1] : !llvm.array<2 x struct<(i32, i32)>>
  %4 = llvm.extractvalue %z[1, 1] : !llvm.array<2 x struct<(i32, i32)>>
  llvm.call @usef2(%0, %1, %2, %3, %4) : (f32, i32, !llvm.struct<(i32, i32)>, !llvm.struct<(i32, i32)>, i32) -> ()
  llvm.return
}
llvm.func @usef2(f32, i32, !llvm.struct<(i32, i32)>, !llvm.struct<(i32, i32)>, i32)

llvm.func @use1(i32)
llvm.func @a(%a: i32, %b: i32, %s: !llvm.struct<(struct<(i32, i32)>, i32)>, %in: !llvm.struct<(i32, i32)>) {
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %0, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.extractvalue %1[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  llvm.call @use1(%2) : (i32) -> ()
  llvm.return
}
llvm.func @b(%a: i32, %b: i32, %s: !llvm.struct<(struct<(i32, i32)>, i32)>, %in: !llvm.struct<(i32, i32)>) {
  %0 = llvm.insertvalue %a, %in[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %0, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.insertvalue %b, %1[1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %3 = llvm.extractvalue %2[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  llvm.call @use1(%3) : (i32) -> ()
  llvm.return
}
llvm.func @c(%a: i32, %b: i32, %s: !llvm.struct<(struct<(i32, i32)>, i32)>, %in: !llvm.struct<(i32, i32)>) {
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %0, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.insertvalue %b, %1[1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %3 = llvm.extractvalue %2[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  llvm.call @use1(%3) : (i32) -> ()
  llvm.return
}

llvm.func @use2(i32, i32)
llvm.func @invalid_after(%a: i32, %s: !llvm.struct<(struct<(i32, i32)>, i32)>, %in: !llvm.struct<(i32, i32)>) {
  %0 = llvm.insertvalue %a, %in[0] : !llvm.struct<(i32, i32)>
  %1 = llvm.insertvalue %0, %s[0] : !llvm.struct<(struct<(i32, i32)>, i32)>
  %2 = llvm.extractvalue %1[0, 1] : !llvm.struct<(struct<(i32, i32)>, i32)>
  llvm.call @use2(%2, %2) : (i32, i32) -> ()
  llvm.return
}
