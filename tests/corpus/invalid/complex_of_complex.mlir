// A complex type needs an integer or float element, not another complex.
"t.op"() {a = complex<complex<f32>>} : () -> ()
