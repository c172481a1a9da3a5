func.func @arithmetic(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %0 = complex.add %a, %b : complex<f32>
  %1 = complex.sub %0, %b fastmath<nnan> : complex<f32>
  %2 = complex.mul %1, %a fastmath<fast> : complex<f32>
  %3 = complex.div %2, %b fastmath<nnan,ninf> : complex<f32>
  %4 = complex.pow %3, %a : complex<f32>
  %5 = complex.atan2 %4, %b fastmath<contract> : complex<f32>
  return %5 : complex<f32>
}

func.func @unary(%z: complex<f64>) -> (f64, f64, complex<f64>) {
  %abs = complex.abs %z : complex<f64>
  %angle = complex.angle %z fastmath<afn> : complex<f64>
  %0 = complex.cos %z : complex<f64>
  %1 = complex.sin %0 fastmath<reassoc> : complex<f64>
  %2 = complex.exp %1 : complex<f64>
  %3 = complex.expm1 %2 : complex<f64>
  %4 = complex.log %3 : complex<f64>
  %5 = complex.log1p %4 fastmath<nsz> : complex<f64>
  %6 = complex.neg %5 : complex<f64>
  %7 = complex.rsqrt %6 : complex<f64>
  %8 = complex.sign %7 : complex<f64>
  %9 = complex.sqrt %8 : complex<f64>
  %10 = complex.tan %9 : complex<f64>
  %11 = complex.tanh %10 fastmath<arcp> : complex<f64>
  %12 = complex.conj %11 : complex<f64>
  return %abs, %angle, %12 : f64, f64, complex<f64>
}

func.func @parts(%re: f16, %im: f16) -> (f16, f16, i1, i1) {
  %z = complex.create %re, %im : complex<f16>
  %r = complex.re %z : complex<f16>
  %i = complex.im %z fastmath<nnan> : complex<f16>
  %eq = complex.eq %z, %z : complex<f16>
  %ne = complex.neq %z, %z : complex<f16>
  return %r, %i, %eq, %ne : f16, f16, i1, i1
}

func.func @constants() -> (complex<f64>, complex<f32>, complex<i32>) {
  %0 = complex.constant [1.000000e+00, -2.500000e+00] : complex<f64>
  %1 = complex.constant [0.000000e+00 : f32, 1.000000e+00 : f32] : complex<f32>
  %2 = complex.constant [1 : i32, 0 : i32] : complex<i32>
  return %0, %1, %2 : complex<f64>, complex<f32>, complex<i32>
}

func.func @casts_and_powers(%z: complex<f32>, %i: i64, %n: i32) -> (i64, complex<f32>, complex<f32>) {
  %0 = complex.bitcast %z : complex<f32> to i64
  %1 = complex.bitcast %i : i64 to complex<f32>
  %2 = complex.powi %1, %n : complex<f32>, i32
  %3 = complex.powi %2, %n fastmath<fast> : complex<f32>, i32
  return %0, %1, %3 : i64, complex<f32>, complex<f32>
}
