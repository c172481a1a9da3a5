// Floating-point math: the Leibniz series for pi over 100000 terms, a
// square root by Newton's method checked against llvm.intr.sqrt, and a
// clamp through fcmp and select; printed with printf.
module {
  llvm.mlir.global private constant @pi_fmt("pi ~ %.6f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @sqrt_fmt("sqrt(%.1f) = %.9f (intrinsic %.9f)\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @clamp_fmt("clamp = %.2f %.2f %.2f\0A\00") {addr_space = 0 : i32}
  llvm.func @printf(!llvm.ptr, ...) -> i32

  llvm.func @leibniz(%terms: i32) -> f64 {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %fzero = llvm.mlir.constant(0.0 : f64) : f64
    %fone = llvm.mlir.constant(1.0 : f64) : f64
    %ftwo = llvm.mlir.constant(2.0 : f64) : f64
    %four = llvm.mlir.constant(4.0 : f64) : f64
    llvm.br ^loop(%zero, %fzero, %fone : i32, f64, f64)
  ^loop(%k: i32, %acc: f64, %sign: f64):
    %more = llvm.icmp "slt" %k, %terms : i32
    llvm.cond_br %more, ^body, ^done
  ^body:
    %kf = llvm.sitofp %k : i32 to f64
    %den0 = llvm.fmul %kf, %ftwo : f64
    %den = llvm.fadd %den0, %fone : f64
    %term = llvm.fdiv %sign, %den : f64
    %acc2 = llvm.fadd %acc, %term : f64
    %sign2 = llvm.fneg %sign : f64
    %k2 = llvm.add %k, %one : i32
    llvm.br ^loop(%k2, %acc2, %sign2 : i32, f64, f64)
  ^done:
    %pi = llvm.fmul %acc, %four : f64
    llvm.return %pi : f64
  }

  llvm.func @newton_sqrt(%x: f64) -> f64 {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %steps = llvm.mlir.constant(30 : i32) : i32
    %half = llvm.mlir.constant(5.000000e-01 : f64) : f64
    llvm.br ^loop(%zero, %x : i32, f64)
  ^loop(%i: i32, %g: f64):
    %more = llvm.icmp "slt" %i, %steps : i32
    llvm.cond_br %more, ^step, ^done
  ^step:
    %q = llvm.fdiv %x, %g : f64
    %s = llvm.fadd %g, %q : f64
    %g2 = llvm.fmul %s, %half : f64
    %i2 = llvm.add %i, %one : i32
    llvm.br ^loop(%i2, %g2 : i32, f64)
  ^done:
    llvm.return %g : f64
  }

  llvm.func @clamp(%x: f64, %lo: f64, %hi: f64) -> f64 {
    %below = llvm.fcmp "olt" %x, %lo : f64
    %l = llvm.select %below, %lo, %x : i1, f64
    %above = llvm.fcmp "ogt" %l, %hi : f64
    %r = llvm.select %above, %hi, %l : i1, f64
    llvm.return %r : f64
  }

  llvm.func @main() -> i32 {
    %terms = llvm.mlir.constant(100000 : i32) : i32
    %pi = llvm.call @leibniz(%terms) : (i32) -> f64
    %f1 = llvm.mlir.addressof @pi_fmt : !llvm.ptr
    %0 = llvm.call @printf(%f1, %pi) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    %two = llvm.mlir.constant(2.0 : f64) : f64
    %r = llvm.call @newton_sqrt(%two) : (f64) -> f64
    %ri = llvm.intr.sqrt(%two) : (f64) -> f64
    %f2 = llvm.mlir.addressof @sqrt_fmt : !llvm.ptr
    %1 = llvm.call @printf(%f2, %two, %r, %ri) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
    %lo = llvm.mlir.constant(-1.0 : f64) : f64
    %hi = llvm.mlir.constant(1.0 : f64) : f64
    %a = llvm.mlir.constant(-3.5 : f64) : f64
    %b = llvm.mlir.constant(0.25 : f64) : f64
    %c = llvm.mlir.constant(7.0 : f64) : f64
    %ca = llvm.call @clamp(%a, %lo, %hi) : (f64, f64, f64) -> f64
    %cb = llvm.call @clamp(%b, %lo, %hi) : (f64, f64, f64) -> f64
    %cc = llvm.call @clamp(%c, %lo, %hi) : (f64, f64, f64) -> f64
    %f3 = llvm.mlir.addressof @clamp_fmt : !llvm.ptr
    %2 = llvm.call @printf(%f3, %ca, %cb, %cc) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
    %zero = llvm.mlir.constant(0 : i32) : i32
    llvm.return %zero : i32
  }
}
