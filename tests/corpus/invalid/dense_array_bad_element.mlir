// A dense array of i8 with a value that does not fit.
"t.op"() {a = array<i8: 1, 300>} : () -> ()
