// Dense array elements must be a whole number of bytes wide. Found by differential fuzzing.
"t.a"() {a = array<i9: 1>} : () -> ()
