// RUN: ods-opt %s --verify-diagnostics --split-input-file
// cf branches used wrongly: branch weights (WeightedBranchOpInterface's
// check: one per successor, not all zero) and successor operands that do
// not match the target's block arguments (BranchOpInterface's check).

func.func @weights_count(%c: i1) {
  // expected-error @+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @weights_all_zero(%c: i1) {
  // expected-error @+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @negative_weight_is_fine(%c: i1) {
  cf.cond_br %c weights([-1, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @operand_count(%x: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 2}}
  cf.br ^bb1(%x : i32)
^bb1(%a: i32, %b: i32):
  return
}

// -----

func.func @operand_type(%c: i1, %x: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.cond_br %c, ^bb1, ^bb2(%x : i32)
^bb1:
  return
^bb2(%a: i64):
  return
}

// -----

func.func @switch_case_operands(%f: i32, %x: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #2, but target block has 1}}
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2(%x : i32),
    2: ^bb2
  ]
^bb1:
  return
^bb2(%a: i32):
  return
}

// -----

// A switch's successor operands are argument lists: no result numbers
// (a branch's format allows them).
func.func @switch_result_number(%flag: i32) {
  %0:2 = arith.addui_extended %flag, %flag : i32, i1
  cf.switch %flag : i32, [
    // expected-error @+1 {{result number not allowed in argument list}}
    default: ^bb1(%0#0 : i32)
  ]
^bb1(%a: i32):
  return
}
