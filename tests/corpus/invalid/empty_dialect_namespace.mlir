// A dialect attribute needs a namespace before the dot. Found by differential fuzzing.
"t.a"() {a = #.info<x>} : () -> ()
