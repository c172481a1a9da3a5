// An affine map using a dimension it does not declare.
"t.op"() {m = affine_map<(d0) -> (d1)>} : () -> ()
