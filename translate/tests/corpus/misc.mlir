// Intrinsics with immarg flags and parameter attributes next to a
// function's own attribute group, quoted names, vector and array
// constants, i1 constants, unreachable code.
llvm.mlir.global internal @"buffer with spaces"(dense<0> : tensor<16xi8>) : !llvm.array<16 x i8>
llvm.mlir.global internal constant @zero_string("\00\00\00") : !llvm.array<3 x i8>
llvm.mlir.global internal constant @quoted("say \22hi\22\5C\09\00") : !llvm.array<11 x i8>

llvm.func @copy(%dst: !llvm.ptr, %src: !llvm.ptr, %n: i64) attributes {passthrough = ["nounwind"]} {
  "llvm.intr.memcpy"(%dst, %src, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %z = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%dst, %z, %n) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  llvm.return
}

llvm.func @"odd name"(%x: i32) -> i32 {
  %t = llvm.mlir.constant(true) : i1
  %f = llvm.mlir.constant(false) : i1
  %m = "llvm.intr.cttz"(%x) <{is_zero_poison = true}> : (i32) -> i32
  %a = llvm.intr.umax(%m, %x) : (i32, i32) -> i32
  %b = llvm.intr.umin(%a, %x) : (i32, i32) -> i32
  %s = llvm.select %t, %a, %b : i1, i32
  %c = llvm.and %t, %f : i1
  llvm.cond_br %c, ^never, ^always
^never:
  llvm.unreachable
^always:
  llvm.return %s : i32
}

llvm.func @vectors(%v: vector<4xf32>, %w: vector<2xi64>) -> vector<4xf32> {
  %c = llvm.mlir.constant(dense<[1.0, 2.5, -0.5, 0.1]> : vector<4xf32>) : vector<4xf32>
  %r = llvm.fmul %v, %c : vector<4xf32>
  %k = llvm.mlir.constant(dense<[7, -7]> : vector<2xi64>) : vector<2xi64>
  %s = llvm.add %w, %k : vector<2xi64>
  %i = llvm.mlir.constant(2 : i32) : i32
  %e = llvm.extractelement %r[%i : i32] : vector<4xf32>
  %n = llvm.fneg %e : f32
  %r2 = llvm.insertelement %n, %r[%i : i32] : vector<4xf32>
  llvm.return %r2 : vector<4xf32>
}

llvm.func @calls_copy(%p: !llvm.ptr) {
  %n = llvm.mlir.constant(16 : i64) : i64
  %g = llvm.mlir.addressof @"buffer with spaces" : !llvm.ptr
  llvm.call @copy(%p, %g, %n) : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %x = llvm.mlir.constant(12 : i32) : i32
  %r = llvm.call @"odd name"(%x) : (i32) -> i32
  llvm.return
}
