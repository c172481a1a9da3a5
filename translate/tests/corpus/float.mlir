// Floating point: arithmetic with fast-math flags, comparisons,
// selects, casts, constants printed in decimal and in hex, intrinsics.
llvm.func @poly(%x: f64) -> f64 {
  %a = llvm.mlir.constant(3.25 : f64) : f64
  %b = llvm.mlir.constant(0.1 : f64) : f64
  %c = llvm.mlir.constant(-1.0e+20 : f64) : f64
  %x2 = llvm.fmul %x, %x : f64
  %t = llvm.fmul %x2, %a {fastmathFlags = #llvm.fastmath<fast>} : f64
  %u = llvm.fadd %t, %b {fastmathFlags = #llvm.fastmath<nnan, ninf, nsz>} : f64
  %v = llvm.fsub %u, %c {fastmathFlags = #llvm.fastmath<contract, reassoc>} : f64
  %w = llvm.fdiv %v, %x : f64
  %r = llvm.frem %w, %a : f64
  %n = llvm.fneg %r : f64
  llvm.return %n : f64
}

llvm.func @single(%x: f32, %y: f32) -> f32 {
  %k = llvm.mlir.constant(0.1 : f32) : f32
  %h = llvm.mlir.constant(1.5 : f32) : f32
  %a = llvm.fadd %x, %k : f32
  %b = llvm.fmul %a, %h : f32
  %c = llvm.intr.sqrt(%b) : (f32) -> f32
  %d = llvm.intr.maxnum(%c, %y) : (f32, f32) -> f32
  llvm.return %d : f32
}

llvm.func @clamp(%x: f64, %lo: f64, %hi: f64) -> f64 {
  %below = llvm.fcmp "olt" %x, %lo : f64
  %l = llvm.select %below, %lo, %x : i1, f64
  %above = llvm.fcmp "ugt" %l, %hi {fastmathFlags = #llvm.fastmath<nnan>} : f64
  %r = llvm.select %above, %hi, %l : i1, f64
  llvm.return %r : f64
}

llvm.func @casts(%x: f64, %i: i32, %b: i8) -> i64 {
  %f = llvm.fptrunc %x : f64 to f32
  %g = llvm.fpext %f : f32 to f64
  %s = llvm.fptosi %g : f64 to i64
  %u = llvm.fptoui %x : f64 to i16
  %wide = llvm.zext %u : i16 to i64
  %fi = llvm.sitofp %i : i32 to f64
  %fu = llvm.uitofp %b : i8 to f32
  %bits = llvm.bitcast %fi : f64 to i64
  %t = llvm.trunc %bits : i64 to i32
  %back = llvm.sext %t : i32 to i64
  %fuw = llvm.fptosi %fu : f32 to i64
  %sum1 = llvm.add %s, %wide : i64
  %sum2 = llvm.xor %sum1, %back : i64
  %sum3 = llvm.or %sum2, %fuw : i64
  llvm.return %sum3 : i64
}

llvm.func @intrinsics(%x: f64, %y: f64, %i: i32, %j: i32) -> f64 {
  %a = llvm.intr.fabs(%x) : (f64) -> f64
  %b = llvm.intr.fma(%a, %y, %x) : (f64, f64, f64) -> f64
  %c = llvm.intr.floor(%b) : (f64) -> f64
  %d = llvm.intr.pow(%c, %y) : (f64, f64) -> f64
  %e = llvm.intr.smax(%i, %j) : (i32, i32) -> i32
  %f = llvm.intr.smin(%e, %i) : (i32, i32) -> i32
  %g = "llvm.intr.abs"(%f) <{is_int_min_poison = true}> : (i32) -> i32
  %h = "llvm.intr.ctlz"(%g) <{is_zero_poison = false}> : (i32) -> i32
  %k = llvm.intr.ctpop(%h) : (i32) -> i32
  %kf = llvm.sitofp %k : i32 to f64
  %s1 = llvm.intr.sqrt(%d) : (f64) -> f64
  %s2 = llvm.intr.fabs(%s1) : (f64) -> f64
  %r = llvm.fadd %s2, %kf : f64
  llvm.return %r : f64
}

llvm.func @odd_constants() -> f64 {
  %p = llvm.mlir.addressof @odd_constants : !llvm.ptr
  %h = llvm.mlir.constant(1.0 : f16) : f16
  %big = llvm.mlir.constant(1.234375 : f64) : f64
  %tiny = llvm.mlir.constant(5.0e-324 : f64) : f64
  %nz = llvm.mlir.constant(-0.0 : f64) : f64
  %e = llvm.fpext %h : f16 to f64
  %a = llvm.fadd %e, %big : f64
  %b = llvm.fmul %a, %tiny : f64
  %c = llvm.fsub %b, %nz : f64
  llvm.return %c : f64
}
