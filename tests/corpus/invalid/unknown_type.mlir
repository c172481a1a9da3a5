// A bare identifier that names no builtin type.
"t.op"() {a = notatype} : () -> ()
