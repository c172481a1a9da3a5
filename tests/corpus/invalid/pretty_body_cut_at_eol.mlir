// A pretty dialect body cut off at the end of a line: mlir-opt reports the token that follows (next line).
"t.a"() {m = !foo.bar<{
"t.b"() : () -> ()
