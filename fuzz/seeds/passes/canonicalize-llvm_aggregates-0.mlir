llvm.mlir.global external @g() : i32
llvm.mlir.global external @h() {addr_space = 1 : i32} : i32

llvm.func @use4(i32, i32, i32, i32)
llvm.func @usef(f32, f32, f32, f32)
llvm.func @usep(!llvm.ptr, !llvm.ptr, !llvm.ptr<1>, !llvm.ptr)

llvm.func @insert_chain(%a: i32, %b: i32, %s: !llvm.struct<(i32, i32, i32)>) -> i32 {
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32, i32)>
  %0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, i32, i32)>
  %1 = llvm.insertvalue %b, %0[1] : !llvm.struct<(i32, i32, i32)>
  %2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i32, i32)>
  %3 = llvm.extractvalue %1[1] : !llvm.struct<(i32, i32, i32)>
  %4 = llvm.extractvalue %1[2] : !llvm.struct<(i32, i32, i32)>
  %5 = llvm.insertvalue %a, %s[2] : !llvm.struct<(i32, i32, i32)>
  %6 = llvm.extractvalue %5[1] : !llvm.struct<(i32, i32, i32)>
  llvm.call @use4(%2, %3, %4, %6) : (i32, i32, i32, i32) -> ()
  llvm.return %2 : i32
}

llvm.func @nested(%a: i32, %arr: !llvm.array<4 x f32>, %f: f32, %t: !llvm.struct<(struct<(i32, i32)>, i64)>) -> f32 {
  %u = llvm.mlir.undef : !llvm.array<4 x !llvm.array<4 x f32>>
  %0 = llvm.insertvalue %f, %u[0, 0] : !llvm.array<4 x !llvm.array<4 x f32>>
  %1 = llvm.insertvalue %arr, %0[0] : !llvm.array<4 x !llvm.array<4 x f32>>
  %2 = llvm.extractvalue %1[0, 0] : !llvm.array<4 x !llvm.array<4 x f32>>
  %3 = llvm.insertvalue %arr, %u[1] : !llvm.array<4 x !llvm.array<4 x f32>>
  %4 = llvm.extractvalue %3[1, 2] : !llvm.array<4 x !llvm.array<4 x f32>>
  %5 = llvm.extractvalue %3[0] : !llvm.array<4 x !llvm.array<4 x f32>>
  %6 = llvm.extractvalue %5[3] : !llvm.array<4 x f32>
  %7 = llvm.insertvalue %a, %t[0, 1] : !llvm.struct<(struct<(i32, i32)>, i64)>
  %8 = llvm.extractvalue %7[0] : !llvm.struct<(struct<(i32, i32)>, i64)>
  %9 = llvm.extractvalue %8[1] : !llvm.struct<(i32, i32)>
  %10 = llvm.extractvalue %8[0] : !llvm.struct<(i32, i32)>
  llvm.call @use4(%9, %10, %9, %10) : (i32, i32, i32, i32) -> ()
  llvm.call @usef(%2, %4, %6, %f) : (f32, f32, f32, f32) -> ()
  llvm.return %2 : f32
}

llvm.func @from_constants() -> i32 {
  %s = llvm.mlir.constant([1 : i32, 2.5 : f32]) : !llvm.struct<(i32, f32)>
  %0 = llvm.extractvalue %s[0] : !llvm.struct<(i32, f32)>
  %1 = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>
  %d = llvm.mlir.constant(dense<[7, 8, 9]> : vector<3xi32>) : !llvm.array<3 x i32>
  %2 = llvm.extractvalue %d[2] : !llvm.array<3 x i32>
  %n = llvm.mlir.constant(dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>) : !llvm.array<2 x array<2 x i32>>
  %3 = llvm.extractvalue %n[1, 1] : !llvm.array<2 x array<2 x i32>>
  %4 = llvm.extractvalue %n[1] : !llvm.array<2 x array<2 x i32>>
  %5 = llvm.extractvalue %4[0] : !llvm.array<2 x i32>
  %z = llvm.mlir.zero : !llvm.struct<(i32, f32)>
  %6 = llvm.extractvalue %z[0] : !llvm.struct<(i32, f32)>
  %u = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %7 = llvm.extractvalue %u[0] : !llvm.struct<(i32, f32)>
  %p = llvm.mlir.poison : !llvm.array<2 x i32>
  %8 = llvm.extractvalue %p[1] : !llvm.array<2 x i32>
  %str = llvm.mlir.constant("abc") : !llvm.array<3 x i8>
  %9 = llvm.extractvalue %str[1] : !llvm.array<3 x i8>
  %10 = llvm.zext %9 : i8 to i32
  llvm.call @use4(%0, %2, %3, %5) : (i32, i32, i32, i32) -> ()
  llvm.call @use4(%6, %7, %8, %10) : (i32, i32, i32, i32) -> ()
  %11 = llvm.fadd %1, %1 : f32
  llvm.call @usef(%11, %1, %1, %1) : (f32, f32, f32, f32) -> ()
  llvm.return %0 : i32
}

llvm.func @dedup(%x: i32) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.zero : i32
  %2 = llvm.add %x, %0 : i32
  %3 = llvm.add %2, %1 : i32
  %4 = llvm.mlir.undef : i32
  %5 = llvm.mlir.undef : i32
  %6 = llvm.mlir.poison : i32
  %7 = llvm.mlir.poison : i32
  %a = llvm.mlir.addressof @g : !llvm.ptr
  %b = llvm.mlir.addressof @g : !llvm.ptr
  %c = llvm.mlir.addressof @h : !llvm.ptr<1>
  %zp = llvm.mlir.zero : !llvm.ptr
  llvm.call @usep(%a, %b, %c, %zp) : (!llvm.ptr, !llvm.ptr, !llvm.ptr<1>, !llvm.ptr) -> ()
  llvm.call @use4(%4, %5, %6, %7) : (i32, i32, i32, i32) -> ()
  %8 = llvm.mlir.constant(40 : i32) : i32
  %9 = llvm.mlir.constant(2 : i32) : i32
  %10 = arith.addi %8, %9 : i32
  %zv = llvm.mlir.zero : vector<2xf32>
  %cv = llvm.mlir.constant(dense<0.0> : vector<2xf32>) : vector<2xf32>
  %11 = llvm.fadd %zv, %cv : vector<2xf32>
  %e = llvm.extractelement %11[%9 : i32] : vector<2xf32>
  llvm.call @usef(%e, %e, %e, %e) : (f32, f32, f32, f32) -> ()
  %12 = llvm.add %3, %10 : i32
  llvm.return %12 : i32
}

llvm.func @in_blocks(%c: i1) -> i32 {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
^bb2:
  %1 = llvm.mlir.constant(1 : i32) : i32
  %2 = llvm.mlir.constant(2 : i32) : i32
  %3 = llvm.or %1, %2 : i32
  llvm.return %3 : i32
}
