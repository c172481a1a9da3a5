// ARGS: --allow-unregistered-dialect --mlir-print-op-generic --split-input-file
// With --split-input-file an error in a later split is reported at its line in the whole file.
"t.fine"() : () -> ()
// -----
"t.also_fine"() : () -> ()
// -----
"t.bad"() {a = 256 : i8} : () -> ()
// -----
"t.after"() : () -> ()
