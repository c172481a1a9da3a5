func.func @float_unary(%x: f32, %y: f64, %v: vector<4xf32>, %t: tensor<?xf64>, %h: f16, %bh: bf16) {
  %0 = math.absf %x : f32
  %1 = math.acos %y : f64
  %2 = math.acosh %x fastmath<fast> : f32
  %3 = math.asin %v : vector<4xf32>
  %4 = math.asinh %t : tensor<?xf64>
  %5 = math.atan %x fastmath<nnan,ninf> : f32
  %6 = math.atanh %y : f64
  %7 = math.cbrt %h : f16
  %8 = math.ceil %bh : bf16
  %9 = math.cos %v fastmath<afn> : vector<4xf32>
  %10 = math.cosh %x : f32
  %11 = math.erf %y : f64
  %12 = math.erfc %x : f32
  %13 = math.exp %t : tensor<?xf64>
  %14 = math.exp2 %x : f32
  %15 = math.expm1 %y : f64
  %16 = math.floor %h : f16
  %17 = math.log %x fastmath<contract> : f32
  %18 = math.log10 %y : f64
  %19 = math.log1p %x : f32
  %20 = math.log2 %v : vector<4xf32>
  %21 = math.roundeven %y : f64
  %22 = math.round %x : f32
  %23 = math.rsqrt %y fastmath<reassoc,arcp> : f64
  %24 = math.sin %x : f32
  %25 = math.sinh %y : f64
  %26 = math.sqrt %x fastmath<none> : f32
  %27 = math.tan %y : f64
  %28 = math.tanh %v : vector<4xf32>
  %29 = math.trunc %x : f32
  return
}

func.func @float_binary_ternary(%a: f32, %b: f32, %c: f32, %v: vector<2xf64>, %n: i32, %vn: vector<2xi64>) {
  %0 = math.atan2 %a, %b : f32
  %1 = math.copysign %v, %v fastmath<nsz> : vector<2xf64>
  %2 = math.powf %a, %b fastmath<fast> : f32
  %3 = math.fma %a, %b, %c : f32
  %4 = math.fma %v, %v, %v fastmath<contract> : vector<2xf64>
  %5 = math.clampf %a to [%b, %c] : f32
  %6 = math.clampf %v to [%v, %v] fastmath<nnan> : vector<2xf64>
  %7 = math.fpowi %a, %n : f32, i32
  %8 = math.fpowi %v, %vn fastmath<afn> : vector<2xf64>, vector<2xi64>
  %s, %k = math.sincos %a : f32
  %s2:2 = math.sincos %v fastmath<fast> : vector<2xf64>
  return
}

func.func @integer(%i: i32, %j: i32, %x: index, %v: vector<3xi8>, %t: tensor<2x2xi64>) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %x : index
  %2 = math.cttz %v : vector<3xi8>
  %3 = math.ctpop %t : tensor<2x2xi64>
  %4 = math.ipowi %i, %j : i32
  %5 = math.ipowi %v, %v : vector<3xi8>
  return
}

func.func @classify(%x: f32, %v: vector<4xf64>, %t: tensor<?x2xf16>) -> (i1, vector<4xi1>, tensor<?x2xi1>, i1) {
  %0 = math.isfinite %x : f32
  %1 = math.isinf %v : vector<4xf64>
  %2 = math.isnan %t : tensor<?x2xf16>
  %3 = math.isnormal %x : f32
  %4 = math.isnan %x {fastmath = #arith.fastmath<nnan>} : f32
  return %0, %1, %2, %3 : i1, vector<4xi1>, tensor<?x2xi1>, i1
}

func.func @generic_forms(%x: f32) -> f32 {
  %0 = "math.sqrt"(%x) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %1 = "math.exp"(%0) : (f32) -> f32
  %2 = "math.isinf"(%1) <{fastmath = #arith.fastmath<fast>}> : (f32) -> i1
  %3:2 = "math.sincos"(%1) : (f32) -> (f32, f32)
  return %3#1 : f32
}
