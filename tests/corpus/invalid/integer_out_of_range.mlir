// 256 does not fit in i8.
"t.op"() {a = 256 : i8} : () -> ()
