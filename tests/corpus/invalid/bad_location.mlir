// A file location whose line is not an integer.
"t.op"() : () -> () loc("f.c":x:1)
