llvm.func @or_shl_zext() -> i32 {
  %a = llvm.mlir.constant(12 : i32) : i32
  %b = llvm.mlir.constant(3 : i32) : i32
  %0 = llvm.or %a, %b : i32
  %1 = llvm.shl %0, %b : i32
  %c = llvm.mlir.constant(32 : i32) : i32
  %2 = llvm.shl %1, %c : i32
  %3 = llvm.or disjoint %2, %1 : i32
  %s = llvm.mlir.constant(-1 : i8) : i8
  %4 = llvm.zext %s : i8 to i32
  %5 = llvm.add %3, %4 : i32
  llvm.return %5 : i32
}

llvm.func @or_shl_partial(%x: i32, %v: vector<2xi32>) -> (i32) {
  %b = llvm.mlir.constant(3 : i32) : i32
  %0 = llvm.or %x, %b : i32
  %1 = llvm.shl %x, %b : i32
  %2 = llvm.shl %b, %x : i32
  %d = llvm.mlir.constant(dense<1> : vector<2xi32>) : vector<2xi32>
  %3 = llvm.or %d, %d : vector<2xi32>
  %4 = llvm.shl %d, %d : vector<2xi32>
  %w = llvm.zext %d : vector<2xi32> to vector<2xi64>
  llvm.call @use_v(%3, %4, %w) : (vector<2xi32>, vector<2xi32>, vector<2xi64>) -> ()
  %5 = llvm.add %0, %1 : i32
  %6 = llvm.add %5, %2 : i32
  llvm.return %6 : i32
}
llvm.func @use_v(vector<2xi32>, vector<2xi32>, vector<2xi64>)
llvm.func @use_i1(i1, i1, vector<2xi1>, i1, i1)

llvm.func @icmp(%x: i32, %v: vector<2xi32>, %p: !llvm.ptr) {
  %0 = llvm.icmp "eq" %x, %x : i32
  %1 = llvm.icmp "ne" %x, %x : i32
  %2 = llvm.icmp "eq" %v, %v : vector<2xi32>
  %3 = llvm.icmp "slt" %x, %x : i32
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %null = llvm.mlir.zero : !llvm.ptr
  %4 = llvm.icmp "eq" %a, %null : !llvm.ptr
  llvm.call @use_i1(%0, %1, %2, %3, %4) : (i1, i1, vector<2xi1>, i1, i1) -> ()
  %5 = llvm.icmp "ne" %null, %a : !llvm.ptr
  %6 = llvm.icmp "eq" %null, %p : !llvm.ptr
  %7 = llvm.icmp "ne" %p, %a : !llvm.ptr
  llvm.call @use_i1(%5, %6, %2, %7, %7) : (i1, i1, vector<2xi1>, i1, i1) -> ()
  llvm.return
}

llvm.func @casts(%p: !llvm.ptr, %q: !llvm.ptr<1>, %i: i64, %vp: vector<2x!llvm.ptr>) -> !llvm.ptr {
  %0 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr
  %1 = llvm.bitcast %i : i64 to vector<2xi32>
  %2 = llvm.bitcast %1 : vector<2xi32> to i64
  %3 = llvm.bitcast %1 : vector<2xi32> to f64
  %4 = llvm.bitcast %3 : f64 to vector<4xi16>
  %5 = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<1>
  %6 = llvm.addrspacecast %5 : !llvm.ptr<1> to !llvm.ptr
  %7 = llvm.addrspacecast %5 : !llvm.ptr<1> to !llvm.ptr<2>
  %8 = llvm.addrspacecast %q : !llvm.ptr<1> to !llvm.ptr<1>
  %9 = llvm.bitcast %vp : vector<2x!llvm.ptr> to vector<2x!llvm.ptr>
  llvm.call @use_c(%2, %4, %7, %8, %9) : (i64, vector<4xi16>, !llvm.ptr<2>, !llvm.ptr<1>, vector<2x!llvm.ptr>) -> ()
  llvm.return %6 : !llvm.ptr
}
llvm.func @use_c(i64, vector<4xi16>, !llvm.ptr<2>, !llvm.ptr<1>, vector<2x!llvm.ptr>)
llvm.func @use_p(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, vector<2x!llvm.ptr>)

llvm.func @gep(%p: !llvm.ptr, %n: i64, %vp: vector<2x!llvm.ptr>) -> !llvm.ptr {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i64) : i64
  %c1 = arith.constant 1 : i32
  %big = llvm.mlir.constant(8589934592 : i64) : i64
  %0 = llvm.getelementptr %p[%c0] : (!llvm.ptr, i32) -> !llvm.ptr, i8
  %1 = llvm.getelementptr %p[0] : (!llvm.ptr) -> !llvm.ptr, f32
  %2 = llvm.getelementptr inbounds %p[%c2, %c1] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.array<4 x f32>
  %3 = llvm.getelementptr %p[%big] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %4 = llvm.getelementptr %p[%n, 1, %c2] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.struct<(i32, array<4 x i8>)>
  %5 = llvm.getelementptr %vp[%c0] : (vector<2x!llvm.ptr>, i32) -> vector<2x!llvm.ptr>, i8
  %6 = llvm.getelementptr %p[%c0] : (!llvm.ptr, i32) -> vector<2x!llvm.ptr>, i8
  %7 = llvm.getelementptr %p[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i8>
  llvm.call @use_p(%1, %2, %3, %4, %7, %6) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, vector<2x!llvm.ptr>) -> ()
  llvm.return %0 : !llvm.ptr
}

llvm.func @shuffle(%a: vector<1xf32>, %b: vector<2xf32>, %s: vector<[1]xf32>) -> vector<1xf32> {
  %0 = llvm.shufflevector %a, %a [0] : vector<1xf32>
  %1 = llvm.shufflevector %b, %b [0] : vector<2xf32>
  %2 = llvm.shufflevector %a, %a [1] : vector<1xf32>
  %3 = llvm.shufflevector %s, %s [0] : vector<[1]xf32>
  %4 = llvm.shufflevector %a, %a [0, 0] : vector<1xf32>
  llvm.call @use_s(%1, %2, %3, %4) : (vector<1xf32>, vector<1xf32>, vector<[1]xf32>, vector<2xf32>) -> ()
  llvm.return %0 : vector<1xf32>
}
llvm.func @use_s(vector<1xf32>, vector<1xf32>, vector<[1]xf32>, vector<2xf32>)
