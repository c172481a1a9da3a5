// Intrinsics named by their result type and then by an operand's
// (ldexp, lround, llround, lrint, llrint), or by the fields of their
// result struct (frexp).
llvm.func @rounding(%a: f32, %b: vector<8xf32>, %i: i32, %d: f64, %v2: vector<2xf64>) {
  %0 = "llvm.intr.ldexp"(%a, %i) : (f32, i32) -> f32
  %1 = "llvm.intr.ldexp"(%b, %i) : (vector<8xf32>, i32) -> vector<8xf32>
  %2 = llvm.intr.frexp(%a) : (f32) -> !llvm.struct<(f32, i32)>
  %3 = llvm.intr.frexp(%b) : (vector<8xf32>) -> !llvm.struct<(vector<8xf32>, i32)>
  %4 = "llvm.intr.lround"(%a) : (f32) -> i32
  %5 = "llvm.intr.lround"(%v2) : (vector<2xf64>) -> vector<2xi64>
  %6 = "llvm.intr.llround"(%d) : (f64) -> i64
  %7 = "llvm.intr.lrint"(%a) : (f32) -> i64
  %8 = "llvm.intr.lrint"(%d) : (f64) -> i32
  %9 = "llvm.intr.llrint"(%v2) : (vector<2xf64>) -> vector<2xi64>
  %10 = "llvm.intr.lround"(%a) : (f32) -> i32
  llvm.return
}
