// complex folds: inverse pairs, parts of constants and creations, adding
// zero and multiplying by one.

func.func @inverses(%z: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %0 = complex.neg %z : complex<f32>
  %1 = complex.neg %0 : complex<f32>
  %2 = complex.exp %z : complex<f32>
  %3 = complex.log %2 : complex<f32>
  %4 = complex.log %z : complex<f32>
  %5 = complex.exp %4 : complex<f32>
  %6 = complex.conj %z : complex<f32>
  %7 = complex.conj %6 : complex<f32>
  return %1, %3, %5, %7 : complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

func.func @parts(%a: f64, %b: f64) -> (f64, f64, f64, f64, complex<f64>) {
  %c = complex.constant [1.5, -2.0] : complex<f64>
  %r = complex.re %c : complex<f64>
  %i = complex.im %c : complex<f64>
  %z = complex.create %a, %b : complex<f64>
  %zr = complex.re %z : complex<f64>
  %zi = complex.im %z : complex<f64>
  %w = complex.create %zr, %zi : complex<f64>
  return %r, %i, %zr, %zi, %w : f64, f64, f64, f64, complex<f64>
}

func.func @identities(%x: complex<f32>, %y: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %0 = complex.add %x, %zero : complex<f32>
  %1 = complex.sub %x, %zero : complex<f32>
  %2 = complex.mul %x, %one : complex<f32>
  %3 = complex.div %x, %one : complex<f32>
  %d = complex.sub %x, %y : complex<f32>
  %4 = complex.add %d, %y : complex<f32>
  return %0, %1, %2, %3, %4 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

func.func @bitcast(%z: complex<f32>) -> complex<f32> {
  %0 = complex.bitcast %z : complex<f32> to complex<f32>
  return %0 : complex<f32>
}
