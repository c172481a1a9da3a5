// A pretty dialect type whose brackets do not balance.
"t.op"() {a = !foo.bar<(1]>} : () -> ()
