// Integer bit widths are limited to 2^24 - 1.
"t.op"() {a = i16777216} : () -> ()
