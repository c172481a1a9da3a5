// A decimal integer literal where a float is expected needs a trailing dot.
"t.op"() {a = 1 : f32} : () -> ()
