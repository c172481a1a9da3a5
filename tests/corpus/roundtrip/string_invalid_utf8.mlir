// Bytes that are not UTF-8 inside a string literal are kept and printed as hex escapes.
"t.op"() {s = "ÿþ"} : () -> ()
