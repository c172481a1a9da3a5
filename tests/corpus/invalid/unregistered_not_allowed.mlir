// ARGS: --mlir-print-op-generic
// Without --allow-unregistered-dialect an op of an unknown dialect is an error.
"t.op"() : () -> ()
