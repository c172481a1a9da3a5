// The same attribute name twice in one dictionary.
"t.op"() {a = 1, a = 2} : () -> ()
