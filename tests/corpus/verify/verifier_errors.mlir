// ARGS: --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// Errors the verifier (not the parser) finds, checked by annotations.

// expected-error @+1 {{entry block of region may not have predecessors}}
"t.region"() ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "t.use"(%0) : (i32) -> ()
  // expected-note @+1 {{operand defined here}}
  %0 = "t.def"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
