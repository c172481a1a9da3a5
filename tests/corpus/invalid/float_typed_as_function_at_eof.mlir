// A float typed as a function type, then the input ends: mlir-opt reports it on this line, not at EOF. Found by differential fuzzing.
"t.a"() {c = 255.0 : () -> ()
