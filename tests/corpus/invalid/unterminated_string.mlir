// A string literal that runs to the end of the line.
"t.op"() {s = "no end} : () -> ()
