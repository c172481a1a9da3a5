// Every intrinsic ods-translate knows: its mangled name, its immarg
// flags and the declaration with the attribute group LLVM 22 gives it.
llvm.func @f(%a: i32, %b: i32, %x: f64, %y: f64, %z: f32, %p: !llvm.ptr, %q: !llvm.ptr, %n: i64) {
  %0 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %1 = llvm.intr.smin(%a, %b) : (i32, i32) -> i32
  %2 = llvm.intr.umax(%a, %b) : (i32, i32) -> i32
  %3 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  %4 = "llvm.intr.abs"(%a) <{is_int_min_poison = false}> : (i32) -> i32
  %5 = llvm.intr.fabs(%x) : (f64) -> f64
  %6 = llvm.intr.sqrt(%x) : (f64) -> f64
  %7 = llvm.intr.floor(%x) : (f64) -> f64
  %8 = llvm.intr.ceil(%x) : (f64) -> f64
  %9 = llvm.intr.sin(%x) : (f64) -> f64
  %10 = llvm.intr.cos(%x) : (f64) -> f64
  %11 = llvm.intr.exp(%x) : (f64) -> f64
  %12 = llvm.intr.log(%x) : (f64) -> f64
  %13 = llvm.intr.pow(%x, %y) : (f64, f64) -> f64
  %14 = llvm.intr.fma(%x, %y, %x) : (f64, f64, f64) -> f64
  %15 = llvm.intr.fmuladd(%x, %y, %x) : (f64, f64, f64) -> f64
  %16 = llvm.intr.copysign(%x, %y) : (f64, f64) -> f64
  %17 = llvm.intr.minnum(%x, %y) : (f64, f64) -> f64
  %18 = llvm.intr.maxnum(%x, %y) : (f64, f64) -> f64
  %19 = llvm.intr.ctpop(%a) : (i32) -> i32
  %20 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %21 = llvm.intr.sqrt(%z) : (f32) -> f32
  %22 = llvm.intr.round(%x) : (f64) -> f64
  %23 = llvm.intr.trunc(%x) : (f64) -> f64
  %24 = llvm.intr.exp2(%x) : (f64) -> f64
  %25 = llvm.intr.log2(%x) : (f64) -> f64
  %26 = llvm.intr.log10(%x) : (f64) -> f64
  %27 = llvm.intr.minimum(%x, %y) : (f64, f64) -> f64
  %28 = llvm.intr.maximum(%x, %y) : (f64, f64) -> f64
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memmove"(%q, %p, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %c8 = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%p, %c8, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %29 = "llvm.intr.cttz"(%a) <{is_zero_poison = true}> : (i32) -> i32
  %30 = llvm.intr.powi(%x, %a) : (f64, i32) -> f64
  %31 = llvm.intr.tan(%x) : (f64) -> f64
  %32 = llvm.intr.fshl(%a, %b, %a) : (i32, i32, i32) -> i32
  %33 = llvm.intr.bitreverse(%a) : (i32) -> i32
  %34 = llvm.intr.bswap(%a) : (i32) -> i32
  llvm.return
}
llvm.func @g(%x: f64, %y: f64, %a: i32, %b: i32) {
  %0 = llvm.intr.roundeven(%x) : (f64) -> f64
  %1 = llvm.intr.rint(%x) : (f64) -> f64
  %2 = llvm.intr.nearbyint(%x) : (f64) -> f64
  %3 = llvm.intr.exp10(%x) : (f64) -> f64
  %4 = llvm.intr.sinh(%x) : (f64) -> f64
  %5 = llvm.intr.cosh(%x) : (f64) -> f64
  %6 = llvm.intr.tanh(%x) : (f64) -> f64
  %7 = llvm.intr.asin(%x) : (f64) -> f64
  %8 = llvm.intr.acos(%x) : (f64) -> f64
  %9 = llvm.intr.atan(%x) : (f64) -> f64
  %10 = llvm.intr.atan2(%x, %y) : (f64, f64) -> f64
  %11 = llvm.intr.sadd.sat(%a, %b) : (i32, i32) -> i32
  %12 = llvm.intr.uadd.sat(%a, %b) : (i32, i32) -> i32
  %13 = llvm.intr.ssub.sat(%a, %b) : (i32, i32) -> i32
  %14 = llvm.intr.usub.sat(%a, %b) : (i32, i32) -> i32
  %15 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %15 : !llvm.ptr
  %16 = llvm.intr.fshr(%a, %b, %a) : (i32, i32, i32) -> i32
  llvm.return
}
