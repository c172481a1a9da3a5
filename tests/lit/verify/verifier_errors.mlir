// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
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

// -----

// No dominance in unreachable blocks: ^bb1 and ^bb2 have no path from the
// entry, so an op may use its own result or a value defined in a later
// block there.
func.func @unreachable_uses(%a: i32) {
  return
^bb1:
  %y = arith.addi %y, %y : i32
  cf.br ^bb2(%z : i32)
^bb2(%b: i32):
  %z = arith.addi %b, %a : i32
  cf.br ^bb1
}

// -----

// Ops nested in an unreachable block are checked in their own regions.
func.func @unreachable_nested_self_use() {
  return
^bb1:
  %r = scf.execute_region -> i32 {
    // expected-error @+2 {{operand #0 does not dominate this use}}
    // expected-note @+1 {{operand defined here (op in the same block)}}
    %q = arith.addi %q, %q : i32
    scf.yield %q : i32
  }
  cf.br ^bb1
}

// -----

// A use nested in an unreachable block's op still needs its value defined
// before that op in the block.
func.func @unreachable_nested_later_definition() {
  return
^bb1:
  %r = scf.execute_region -> i32 {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    %q = arith.addi %w, %w : i32
    scf.yield %q : i32
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %w = arith.constant 1 : i32
  cf.br ^bb1
}

// -----

// The region's own result used inside it, in an unreachable block.
func.func @unreachable_nested_result_use() {
  return
^bb1:
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %r = scf.execute_region -> i32 {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    scf.yield %r : i32
  }
  cf.br ^bb1
}

// -----

// IsolatedFromAbove is checked once the ops inside verified: their error
// is the one reported.
%x = "t.a"() : () -> i32
func.func @isolation_after_nested_error() {
  "t.use"(%x) : (i32) -> ()
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%x) : (i32) -> i32
  return
}

// -----

// An isolated op nested inside is verified before the isolation check of
// its parent.
%x = "t.a"() : () -> i32
func.func @isolation_after_nested_isolated_op() {
  "t.use"(%x) : (i32) -> ()
  builtin.module {
    // expected-error @+1 {{unregistered operation 'builtin.bogus' found in dialect ('builtin') that does not allow unknown operations}}
    "builtin.bogus"() : () -> ()
  }
  return
}

// -----

// builtin.module lists IsolatedFromAbove before SymbolTable.
"t.wrap"() ({
  %x = "t.a"() : () -> i32
  // expected-note @+1 {{required by region isolation constraints}}
  builtin.module {
    // expected-error @+1 {{'t.use' op using value defined outside the region}}
    "t.use"(%x) : (i32) -> ()
    "t.s"() {sym_name = "a"} : () -> ()
    "t.s"() {sym_name = "a"} : () -> ()
  }
}) : () -> ()

// -----

// A block argument's note points at the op holding its block. ^bb1 is
// unreachable, its argument used in a reachable block.
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @block_argument_of_unreachable_block(%arg: i32) -> i32 {
  cf.br ^bb2(%arg : i32)
^bb1(%y: i32):
  cf.br ^bb2(%y : i32)
^bb2(%z: i32):
  // expected-error @+1 {{operand #1 does not dominate this use}}
  %s = arith.addi %z, %y : i32
  return %s : i32
}
