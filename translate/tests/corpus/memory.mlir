// Memory: alloca, load, store and getelementptr over arrays and
// structs; globals with initializers, strings and addressof; aggregates.
llvm.mlir.global private constant @greeting("hello, world\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal @table(dense<[3, 1, 4, 1, 5, 9]> : tensor<6xi32>) {alignment = 16 : i64} : !llvm.array<6 x i32>
llvm.mlir.global external @counter(0 : i64) : i64
llvm.mlir.global external @scale(2.5 : f64) : f64
llvm.mlir.global external @ext_data() : !llvm.array<4 x i8>
llvm.mlir.global weak @weakling(7 : i16) : i16
llvm.mlir.global internal @pair() : !llvm.struct<(i32, f64)> {
  %u = llvm.mlir.undef : !llvm.struct<(i32, f64)>
  %a = llvm.mlir.constant(12 : i32) : i32
  %b = llvm.mlir.constant(0.5 : f64) : f64
  %s1 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, f64)>
  %s2 = llvm.insertvalue %b, %s1[1] : !llvm.struct<(i32, f64)>
  llvm.return %s2 : !llvm.struct<(i32, f64)>
}
llvm.mlir.global internal @zeros() : !llvm.array<3 x i64> {
  %z = llvm.mlir.zero : !llvm.array<3 x i64>
  llvm.return %z : !llvm.array<3 x i64>
}
llvm.mlir.global internal constant @grid(dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>) : !llvm.array<2 x array<2 x i16>>
llvm.mlir.global internal @fp_vals(dense<[1.0, 0.1, -2.0]> : tensor<3xf32>) : !llvm.array<3 x f32>

llvm.func @bump() -> i64 {
  %p = llvm.mlir.addressof @counter : !llvm.ptr
  %v = llvm.load %p : !llvm.ptr -> i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %w = llvm.add %v, %one : i64
  llvm.store %w, %p : i64, !llvm.ptr
  llvm.return %w : i64
}

llvm.func @table_at(%i: i64) -> i32 {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %q = llvm.getelementptr %t[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<6 x i32>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}

llvm.func @third_of_table() -> i32 {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %q = llvm.getelementptr %t[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<6 x i32>
  %v = llvm.load %q : !llvm.ptr -> i32
  %first = llvm.load %t : !llvm.ptr -> i32
  %s = llvm.add %v, %first : i32
  llvm.return %s : i32
}

llvm.func @swap_pair(%p: !llvm.ptr) {
  %a = llvm.getelementptr %p[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  %b = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  %x = llvm.load %a : !llvm.ptr -> i32
  %y = llvm.load %b : !llvm.ptr -> i32
  llvm.store %y, %a : i32, !llvm.ptr
  llvm.store %x, %b : i32, !llvm.ptr
  llvm.return
}

llvm.func @locals(%x: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %four = llvm.mlir.constant(4 : i64) : i64
  %slot = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
  %buf = llvm.alloca %four x i64 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %st = llvm.alloca %one x !llvm.struct<(i8, i64)> : (i32) -> !llvm.ptr
  llvm.store volatile %x, %slot : i32, !llvm.ptr
  %e = llvm.sext %x : i32 to i64
  %q = llvm.getelementptr %buf[3] : (!llvm.ptr) -> !llvm.ptr, i64
  llvm.store %e, %q {alignment = 8 : i64} : i64, !llvm.ptr
  %f = llvm.getelementptr %st[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, i64)>
  llvm.store %e, %f : i64, !llvm.ptr
  %r = llvm.load volatile %slot : !llvm.ptr -> i32
  llvm.return %r : i32
}

llvm.func @aggregates(%x: i32, %y: f64) -> f64 {
  %u = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f64>)>
  %s1 = llvm.insertvalue %x, %u[0] : !llvm.struct<(i32, array<2 x f64>)>
  %s2 = llvm.insertvalue %y, %s1[1, 1] : !llvm.struct<(i32, array<2 x f64>)>
  %back = llvm.extractvalue %s2[1, 1] : !llvm.struct<(i32, array<2 x f64>)>
  %n = llvm.extractvalue %s2[0] : !llvm.struct<(i32, array<2 x f64>)>
  %c = llvm.sitofp %n : i32 to f64
  %r = llvm.fadd %back, %c : f64
  llvm.return %r : f64
}

llvm.func @greeting_ptr() -> !llvm.ptr {
  %g = llvm.mlir.addressof @greeting : !llvm.ptr
  %h = llvm.getelementptr %g[0, 7] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<14 x i8>
  llvm.return %h : !llvm.ptr
}

llvm.func @ptr_games(%p: !llvm.ptr) -> i1 {
  %null = llvm.mlir.zero : !llvm.ptr
  %i = llvm.ptrtoint %p : !llvm.ptr to i64
  %back = llvm.inttoptr %i : i64 to !llvm.ptr
  %same = llvm.icmp "eq" %back, %null : !llvm.ptr
  llvm.return %same : i1
}
