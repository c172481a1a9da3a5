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

// -----

// `BranchOpInterface`'s check runs in trait order, after the invariants.
func.func @cond_br_condition_before_successors(%c: i32, %a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1:
  return
}
