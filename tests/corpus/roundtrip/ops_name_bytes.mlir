// An operation name with bytes that are not UTF-8 is accepted and printed with hex escapes. Found by differential fuzzing.
"t.½op"() : () -> ()
"t.\C3\28op"() : () -> ()
