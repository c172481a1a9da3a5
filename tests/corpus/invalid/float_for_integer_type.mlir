// A float literal cannot have an integer type.
"t.op"() {a = 1.5 : i32} : () -> ()
