// A dialect namespace must be an identifier: `$` is not one. Found by differential fuzzing.
"t.a"() {k = #$.kind<x>} : () -> ()
