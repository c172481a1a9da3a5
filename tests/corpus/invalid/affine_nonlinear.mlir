// Multiplying two dimensions is not affine.
"t.op"() {m = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
