// Invalid UTF-8 outside any literal.
"t.op"() : () -> ()
Ã(
