// A carriage return ends a // comment, so what follows it on the line is parsed. Found by differential fuzzing.
// commentgarbage
"t.a"() : () -> ()
