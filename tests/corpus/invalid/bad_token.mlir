// A character that starts no token.
"t.ok"() : () -> ()
"t.bad"() {a = `1} : () -> ()
