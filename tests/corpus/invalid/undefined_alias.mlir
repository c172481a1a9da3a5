// A use of an attribute alias that was never defined.
"t.op"() {a = #undefined} : () -> ()
