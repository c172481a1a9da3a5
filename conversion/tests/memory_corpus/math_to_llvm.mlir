// ARGS: --convert-math-to-llvm
// Each math op with an LLVM intrinsic, on scalars, 1-D vectors and
// vectors of rank 2 (arrays of 1-D vectors), with and without fastmath
// flags; expm1, log1p and rsqrt expanded; what has no lowering stays.
func.func @unary_float(%x: f32, %d: f64, %h: f16) -> (f32, f64, f16) {
  %0 = math.sqrt %x : f32
  %1 = math.absf %0 fastmath<fast> : f32
  %2 = math.ceil %1 : f32
  %3 = math.floor %2 fastmath<nnan> : f32
  %4 = math.cos %3 : f32
  %5 = math.sin %4 : f32
  %6 = math.exp %5 fastmath<afn> : f32
  %7 = math.exp2 %6 : f32
  %8 = math.log %d fastmath<reassoc,contract> : f64
  %9 = math.log2 %8 : f64
  %10 = math.log10 %9 : f64
  %11 = math.round %h : f16
  %12 = math.roundeven %11 : f16
  %13 = math.trunc %12 fastmath<ninf,nsz> : f16
  %14 = math.tan %7 : f32
  %15 = math.tanh %14 : f32
  %16 = math.asin %15 : f32
  %17 = math.acos %16 : f32
  %18 = math.atan %17 : f32
  %19 = math.sinh %18 : f32
  %20 = math.cosh %19 fastmath<arcp> : f32
  return %20, %10, %13 : f32, f64, f16
}

func.func @binary_and_ternary(%x: f32, %y: f32, %z: f32, %n: i32) -> f32 {
  %0 = math.powf %x, %y fastmath<nnan,ninf> : f32
  %1 = math.copysign %0, %y : f32
  %2 = math.atan2 %1, %x : f32
  %3 = math.fma %2, %y, %z fastmath<contract> : f32
  %4 = math.fpowi %3, %n : f32, i32
  return %4 : f32
}

func.func @integer(%i: i32, %v: vector<4xi16>) -> (i32, vector<4xi16>) {
  %0 = math.ctlz %i : i32
  %1 = math.cttz %0 : i32
  %2 = math.ctpop %1 : i32
  %3 = math.absi %2 : i32
  %4 = math.ctpop %v : vector<4xi16>
  %5 = math.absi %4 : vector<4xi16>
  return %3, %5 : i32, vector<4xi16>
}

func.func @expanded(%x: f32, %v: vector<4xf64>) -> (f32, vector<4xf64>) {
  %0 = math.expm1 %x : f32
  %1 = math.log1p %0 fastmath<fast> : f32
  %2 = math.rsqrt %1 : f32
  %3 = math.expm1 %v fastmath<nsz> : vector<4xf64>
  %4 = math.log1p %3 : vector<4xf64>
  %5 = math.rsqrt %4 : vector<4xf64>
  return %2, %5 : f32, vector<4xf64>
}

func.func @classify(%x: f32, %v: vector<2xf64>) -> (i1, i1, vector<2xi1>) {
  %0 = math.isnan %x : f32
  %1 = math.isfinite %x : f32
  %2 = math.isnan %v : vector<2xf64>
  return %0, %1, %2 : i1, i1, vector<2xi1>
}

func.func @vectors_2d(%a: vector<2x3xf32>, %b: vector<2x3xf32>, %c: vector<2x2x2xf16>) -> (vector<2x3xf32>, vector<2x3xf32>, vector<2x2x2xf16>) {
  %0 = math.sin %a : vector<2x3xf32>
  %1 = math.powf %0, %b fastmath<fast> : vector<2x3xf32>
  %2 = math.expm1 %c : vector<2x2x2xf16>
  %3 = math.rsqrt %1 : vector<2x3xf32>
  return %3, %1, %2 : vector<2x3xf32>, vector<2x3xf32>, vector<2x2x2xf16>
}

func.func @left_alone(%x: f32, %i: i32, %v: vector<2x2xi8>, %t: tensor<4xf32>) -> (f32, i32, vector<2x2xi8>, tensor<4xf32>) {
  %0 = math.cbrt %x : f32
  %1 = math.erf %0 : f32
  %2 = math.acosh %1 : f32
  %3 = math.ipowi %i, %i : i32
  %4 = math.ctlz %v : vector<2x2xi8>
  %5 = math.sqrt %t : tensor<4xf32>
  %6 = math.isinf %2 : f32
  return %2, %3, %4, %5 : f32, i32, vector<2x2xi8>, tensor<4xf32>
}

func.func @attributes(%x: f32, %i: i64) -> (f32, i64) {
  %0 = math.sqrt %x {tag = "kept"} : f32
  %1 = math.expm1 %0 fastmath<nnan> {tag = 1 : i64} : f32
  %2 = math.ctlz %i {tag = 2} : i64
  %3 = math.ctpop %2 {tag = 3} : i64
  return %1, %3 : f32, i64
}
