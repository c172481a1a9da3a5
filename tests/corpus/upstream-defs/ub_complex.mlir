// ub and complex attributes on unregistered ops.
"x.op"() {a = #ub.poison, b = [#ub.poison, #ub<poison>], c = #ub.poison : i32} : () -> ()
"x.op"() {a = #complex.number<:f64 1.0, 2.0> : complex<f64>, b = #complex.number<:f32 1.5, -2.0>} : () -> ()
"x.op"() {a = #complex.number<:f16 0x7C00, 2.0>, b = #complex<number<:bf16 1.1, 2.0>>} : () -> ()
"x.op"() {a = #complex.number<:f32 1.0e40, -0.0>, b = #complex.number<:f64 -0.0, 0x7FF0000000000000> : i32} : () -> ()
"x.op"() {a = [#complex.number<:f64 1.0, 2.0>, #complex.number<:f64 1.0, 2.0>]} : () -> ()
"x.op"() {a = #ub.poison<1>} : () -> ()
// -----
"x.op"() {a = #ub.foo} : () -> ()
// -----
"x.op"() {a = #complex.foo} : () -> ()
// -----
"x.op"() {a = #complex.number<:f64 1.0>} : () -> ()
// -----
"x.op"() {a = #complex.number<f64 1.0, 2.0>} : () -> ()
// -----
"x.op"() {a = #complex.number<:f64 1, 2>} : () -> ()
// -----
"x.op"() {a = #complex.number<:f64 1.0, 2.0} : () -> ()
// -----
"ub.foo"() : () -> ()
// -----
"complex.foo"() : () -> ()
