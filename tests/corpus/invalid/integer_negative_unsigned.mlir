// Negative values are not allowed for unsigned integer types.
"t.op"() {a = -1 : ui8} : () -> ()
