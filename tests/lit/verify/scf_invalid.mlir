// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// scf ops used wrongly, in custom and generic form: parse errors of the
// hand-written forms, ODS constraints and parents, and the verifiers'
// messages and notes, each where mlir-opt places it.

func.func @for_result_count(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i32):
    "scf.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> ()
  return
}

// -----

func.func @for_iv_type(%lb: index) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iter_arg_type(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i64):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_mixed_bounds(%lb: index, %ub: i32) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_missing_type(%lb: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%lb' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %i = %lb to %lb step %lb {
  }
  return
}

// -----

func.func @if_without_else(%c: i1, %a: i32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @if_condition_type(%c: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

// -----

func.func @while_before_terminator(%a: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while (%x = %a) : (i32) -> () {
    // expected-note @+1 {{terminator here}}
    "t.end"() : () -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_types(%a: i32) {
  // expected-error @+1 {{expected as many input types as operands (expected 1 got 2)}}
  scf.while (%x = %a) : (i32, i32) -> () {
  } do {
  }
  return
}

// -----

func.func @execute_region_args() {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @parallel_step(%n: index) {
  %zero = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%zero) to (%n) step (%zero) {
  }
  return
}

// -----

func.func @parallel_reductions(%n: index, %a: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%a) -> f32 {
  }
  return
}

// -----

func.func @reduce_block_args(%n: index, %a: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%a) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%a : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%n: index, %a: f32, %b: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%a) -> f32 {
    scf.reduce(%a : f32) {
    ^bb0(%l: f32, %rr: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %b : i32
    }
  }
  return
}

// -----

func.func @reduce_outside_parallel(%a: f32) {
  "t.region"() ({
    // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
    scf.reduce(%a : f32) {
    ^bb0(%l: f32, %rr: f32):
      scf.reduce.return %l : f32
    }
  }) : () -> ()
  return
}

// -----

func.func @switch_duplicate(%k: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 2}}
  scf.index_switch %k
  case 2 {
    scf.yield
  }
  case 2 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_result_type(%k: index, %a: i32, %b: i64) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %k -> i32
  case 1 {
    // expected-note @+1 {{case region #0 returns 'i64' here}}
    scf.yield %b : i64
  }
  default {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @yield_outside(%a: i32) {
  "t.region"() ({
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield %a : i32
  }) : () -> ()
  return
}

// -----

func.func @condition_outside(%c: i1) {
  "t.region"() ({
    // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }) : () -> ()
  return
}

// -----

func.func @forall_outputs(%n: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<8xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @forall_dynamic_count(%n: index) {
  // expected-error @+1 {{expected 1 dynamic upper bound values}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @in_parallel_body(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "t.op"() : () -> ()
    }
  }
  return
}

// -----

func.func @for_missing_to(%lb: index) {
  // expected-error @+1 {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %lb too %lb step %lb {
  }
  return
}

// -----

func.func @for_iter_args_list(%lb: index, %a: i32) {
  // expected-error @+1 {{custom op 'scf.for' expected '('}}
  scf.for %i = %lb to %lb step %lb iter_args %x = %a -> (i32) {
  }
  return
}

// -----

func.func @for_result_types(%lb: index, %a: i32) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32, i32) {
  }
  return
}

// -----

func.func @parallel_bound_count(%n: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%n) to (%n, %n) step (%n, %n) {
  }
  return
}

// -----

func.func @forall_bound(%n: index) {
  // expected-error @+2 {{custom op 'scf.forall' expected integer value}}
  // expected-error @+1 {{custom op 'scf.forall' expected SSA value or integer}}
  scf.forall (%i) in (x) {
  }
  return
}

// -----

func.func @while_type(%a: i32) {
  // expected-error @+1 {{custom op 'scf.while' invalid kind of type specified}}
  scf.while (%x = %a) : i32 {
  } do {
  }
  return
}

// -----

func.func @if_yield_type(%c: i1, %x: i32, %y: i64) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %y : i64
  } else {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @for_missing_yield_value(%lb: index, %x: i32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @while_condition_type(%c: i1, %x: i32, %y: i64) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %y : i64
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

func.func @execute_region_yield(%y: i64) {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.execute_region -> i32 {
    // expected-note @+1 {{region branch point}}
    scf.yield %y : i64
  }
  return
}

// -----

func.func @for_result_type(%k: index, %x: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'}}
  %q = "scf.for"(%k, %k, %k, %x) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> i64
  return
}

// -----

func.func @while_unclosed_inits(%a: i32) {
  // expected-error @+1 {{expected ',' or ')'}}
  scf.while (%x = %a %y) : (i32) -> () {
  } do {
  }
  return
}

// -----

func.func @forall_scalable_entry(%n: index) {
  // expected-error @+2 {{custom op 'scf.forall' expected integer value}}
  // expected-error @+1 {{custom op 'scf.forall' expected SSA value or integer}}
  scf.forall (%i) in ([ %n) {
  }
  return
}

// -----

func.func @forall_result_type(%n: index, %t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<8xf32>')}}
  %r = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// Check order (upstream's `verifyInvariants` then, once the nested ops
// verified, `verifyRegionInvariants`). The count traits come before
// `IsTerminator`: a yield with a region that is not last in its block.
func.func @yield_region_before_terminator(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'scf.yield' op requires zero regions}}
    "scf.yield"() ({}) : () -> ()
    "t.x"() : () -> ()
  }
  return
}

// -----

// `SingleBlockImplicitTerminator` is a region trait: the nested op's
// error comes first.
func.func @nested_error_before_terminator(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
    %0 = "arith.addi"(%i) : (index) -> index
    "t.x"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

// The op's own invariants come before the nested ops.
func.func @own_operands_before_nested(%lb: index, %ub: i32) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%i: index):
    %0 = "arith.addi"(%i) : (index) -> index
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

// The op's `verify` (here `scf.index_switch`'s own terminator check) runs
// before the region trait's.
func.func @switch_verify_before_region_trait(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got t.x}}
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    "t.x"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

// A misplaced `scf.reduce` fails its own `HasParent` before its parent's
// terminator check runs.
func.func @reduce_parent_before_terminator(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

// `scf.parallel`'s own `verify` checks its terminator before the nested
// ops are verified.
func.func @parallel_verify_before_nested(%lb: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %0 = "arith.addi"(%i) : (index) -> index
    // expected-note @+1 {{terminator here}}
    "t.x"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
