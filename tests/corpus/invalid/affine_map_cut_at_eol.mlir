// An affine map cut off at the end of a line: mlir-opt reports the token that follows (next line).
"t.a"() {m = affine_map<(d0) -> (
"t.b"() : () -> ()
