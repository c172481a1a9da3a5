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

func.func @bitcasts(%z: complex<f32>, %i: i64, %f: f64) -> (complex<f32>, f64, complex<f32>, i64) {
  %0 = complex.bitcast %z : complex<f32> to i64
  %1 = complex.bitcast %0 : i64 to complex<f32>
  %2 = complex.bitcast %z : complex<f32> to i64
  %3 = arith.bitcast %2 : i64 to f64
  %4 = arith.bitcast %f : f64 to i64
  %5 = complex.bitcast %4 : i64 to complex<f32>
  %6 = complex.bitcast %i : i64 to complex<f32>
  %7 = complex.bitcast %6 : complex<f32> to f64
  %8 = arith.bitcast %7 : f64 to i64
  return %1, %3, %5, %8 : complex<f32>, f64, complex<f32>, i64
}

func.func @parts_of_neg(%a: f32, %b: f32, %z: complex<f32>) -> (f32, f32, f32) {
  %0 = complex.create %a, %b : complex<f32>
  %1 = complex.neg %0 : complex<f32>
  %2 = complex.re %1 : complex<f32>
  %3 = complex.im %1 : complex<f32>
  %4 = complex.neg %z : complex<f32>
  %5 = complex.re %4 : complex<f32>
  return %2, %3, %5 : f32, f32, f32
}
