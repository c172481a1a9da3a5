// LLVM dialect intrinsics in custom form: those the arith, math and
// memref lowerings emit (integer min/max, bit counting, the float math
// functions with and without fast-math flags, fma, copysign, rounding,
// memcpy / memmove / memset), plus overflow arithmetic, saturating
// arithmetic, vector reductions and a few without operands.
func.func @integer_intrinsics(%a: i32, %b: i32, %v: vector<4xi32>) {
  %0 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %1 = llvm.intr.smin(%a, %b) : (i32, i32) -> i32
  %2 = llvm.intr.umax(%v, %v) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %3 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  %4 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %5 = "llvm.intr.cttz"(%a) <{is_zero_poison = true}> : (i32) -> i32
  %6 = llvm.intr.ctpop(%a) : (i32) -> i32
  %7 = "llvm.intr.abs"(%a) <{is_int_min_poison = false}> : (i32) -> i32
  %8 = llvm.intr.bitreverse(%a) : (i32) -> i32
  %9 = llvm.intr.bswap(%a) : (i32) -> i32
  %10 = llvm.intr.fshl(%a, %b, %a) : (i32, i32, i32) -> i32
  %11 = "llvm.intr.sadd.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %12 = "llvm.intr.umul.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %13 = llvm.intr.sadd.sat(%a, %b) : (i32, i32) -> i32
  %14 = llvm.intr.usub.sat(%a, %b) : (i32, i32) -> i32
  %15 = "llvm.intr.vector.reduce.add"(%v) : (vector<4xi32>) -> i32
  %16 = "llvm.intr.vector.reduce.smax"(%v) : (vector<4xi32>) -> i32
  return
}

func.func @float_intrinsics(%x: f32, %y: f32, %z: f32, %d: f64, %v: vector<2xf64>, %n: i32) {
  %0 = llvm.intr.fabs(%x) : (f32) -> f32
  %1 = llvm.intr.sqrt(%d) : (f64) -> f64
  %2 = llvm.intr.exp(%x) : (f32) -> f32
  %3 = llvm.intr.exp2(%x) : (f32) -> f32
  %4 = llvm.intr.log(%x) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
  %5 = llvm.intr.log2(%x) : (f32) -> f32
  %6 = llvm.intr.log10(%x) : (f32) -> f32
  %7 = llvm.intr.pow(%x, %y) : (f32, f32) -> f32
  %8 = llvm.intr.powi(%x, %n) : (f32, i32) -> f32
  %9 = llvm.intr.fma(%x, %y, %z) : (f32, f32, f32) -> f32
  %10 = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
  %11 = llvm.intr.copysign(%x, %y) : (f32, f32) -> f32
  %12 = llvm.intr.floor(%v) : (vector<2xf64>) -> vector<2xf64>
  %13 = llvm.intr.ceil(%x) : (f32) -> f32
  %14 = llvm.intr.trunc(%x) : (f32) -> f32
  %15 = llvm.intr.round(%x) : (f32) -> f32
  %16 = llvm.intr.roundeven(%x) : (f32) -> f32
  %17 = llvm.intr.rint(%x) : (f32) -> f32
  %18 = llvm.intr.nearbyint(%x) : (f32) -> f32
  %19 = llvm.intr.sin(%x) : (f32) -> f32
  %20 = llvm.intr.cos(%x) : (f32) -> f32
  %21 = llvm.intr.tan(%x) : (f32) -> f32
  %22 = llvm.intr.maxnum(%x, %y) : (f32, f32) -> f32
  %23 = llvm.intr.minnum(%x, %y) : (f32, f32) -> f32
  %24 = llvm.intr.maximum(%x, %y) : (f32, f32) -> f32
  %25 = llvm.intr.minimum(%x, %y) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  %26 = "llvm.intr.is.fpclass"(%x) <{bit = 3 : i32}> : (f32) -> i1
  %27 = llvm.intr.vector.reduce.fmax(%v) : (vector<2xf64>) -> f64
  return
}

func.func @memory_intrinsics(%dst: !llvm.ptr, %src: !llvm.ptr, %n: i64, %b: i8) {
  "llvm.intr.memcpy"(%dst, %src, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memmove"(%dst, %src, %n) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memset"(%dst, %b, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %0 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %0 : !llvm.ptr
  llvm.intr.trap
  llvm.intr.debugtrap
  return
}
