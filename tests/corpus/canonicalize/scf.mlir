// scf's canonicalization patterns (MLIR 22): scf.if's own (combining
// consecutive and nested ifs, condition propagation, selects, an empty
// else, yields of the condition), the region-branch patterns every scf
// op shares (single-valued, duplicate and dead successor inputs; inlining
// along a single acyclic path), scf.while's condition patterns. Each
// function has a case that rewrites and one that must not.

func.func private @use(i32)
func.func private @use1(i1)
func.func private @val() -> i32
func.func private @cond() -> i1

// A constant condition inlines the branch taken; no else and false: gone.
func.func @if_static(%x: i32) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  %r = scf.if %true -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %false {
    func.call @use(%x) : (i32) -> ()
  }
  %s = scf.if %false -> i32 {
    scf.yield %x : i32
  } else {
    %m = arith.muli %x, %r : i32
    scf.yield %m : i32
  }
  return %s : i32
}

// Unused results go; a result both branches yield the same value for is
// that value; two results fed alike become one.
func.func @if_results(%c: i1, %x: i32) -> (i32, i32, i32, i32) {
  %r:4 = scf.if %c -> (i32, i32, i32, i32) {
    %a = func.call @val() : () -> i32
    %b = func.call @val() : () -> i32
    scf.yield %a, %b, %x, %a : i32, i32, i32, i32
  } else {
    %d = func.call @val() : () -> i32
    scf.yield %d, %d, %x, %d : i32, i32, i32, i32
  }
  return %r#1, %r#2, %r#3, %r#0 : i32, i32, i32, i32
}

// Yields of values defined above become selects; the rest stays.
func.func @if_to_select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %a = func.call @val() : () -> i32
    scf.yield %x, %a, %y : i32, i32, i32
  } else {
    %b = func.call @val() : () -> i32
    scf.yield %y, %b, %y : i32, i32, i32
  }
  %s = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r#0, %r#1, %s : i32, i32, i32
}

// Yields of true/false are the condition or its negation.
func.func @if_yield_condition(%c: i1, %x: i32) -> (i1, i1, i1) {
  %r:3 = scf.if %c -> (i1, i1, i1) {
    %t = arith.constant true
    %f = arith.constant false
    func.call @use(%x) : (i32) -> ()
    scf.yield %t, %f, %t : i1, i1, i1
  } else {
    %t = arith.constant true
    %f = arith.constant false
    func.call @use(%x) : (i32) -> ()
    %k = func.call @cond() : () -> i1
    scf.yield %f, %t, %k : i1, i1, i1
  }
  return %r#0, %r#1, %r#2 : i1, i1, i1
}

// An else holding only its yield goes; one doing work stays.
func.func @if_empty_else(%c: i1, %d: i1, %x: i32) {
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  } else {
  }
  scf.if %d {
    func.call @use(%x) : (i32) -> ()
  } else {
    func.call @use1(%d) : (i1) -> ()
  }
  return
}

// Consecutive ifs on one condition (or its negation) merge.
func.func @if_combine(%c: i1, %x: i32) -> (i32, i32) {
  %a = scf.if %c -> i32 {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> i32 {
    %w = arith.addi %a, %a : i32
    scf.yield %w : i32
  } else {
    func.call @use(%a) : (i32) -> ()
    scf.yield %x : i32
  }
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  }
  scf.if %n {
    func.call @use1(%c) : (i1) -> ()
  }
  return %a, %b : i32, i32
}

// Ifs on different conditions stay apart.
func.func @if_combine_kept(%c: i1, %d: i1, %x: i32) {
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  }
  scf.if %d {
    func.call @use(%x) : (i32) -> ()
  }
  return
}

// An if holding only an if becomes one on both conditions.
func.func @if_nested(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  scf.if %a {
    scf.if %b {
      func.call @use(%x) : (i32) -> ()
    }
  }
  %r = scf.if %a -> i32 {
    %s = scf.if %b -> i32 {
      %v = func.call @val() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %s : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// Not when the outer then branch does more than the inner if.
func.func @if_nested_kept(%a: i1, %b: i1, %x: i32) {
  scf.if %a {
    func.call @use(%x) : (i32) -> ()
    scf.if %b {
      func.call @use(%x) : (i32) -> ()
    }
  }
  return
}

// Inside the branches the condition is known.
func.func @if_propagate(%c: i1, %x: i32) {
  scf.if %c {
    func.call @use1(%c) : (i1) -> ()
  } else {
    func.call @use1(%c) : (i1) -> ()
  }
  func.call @use1(%c) : (i1) -> ()
  return
}

// Zero and one iterations inline; more stay. Constant bounds, equal
// bounds, and `lb + c` with `nsw`.
func.func @for_trip_counts(%n: index, %x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  }
  %one = scf.for %i = %c0 to %c4 step %c8 iter_args(%a = %x) -> (i32) {
    %j = arith.index_cast %i : index to i32
    %v = arith.addi %a, %j : i32
    func.call @use(%v) : (i32) -> ()
    scf.yield %v : i32
  }
  %same = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  }
  %u = arith.addi %n, %c4 overflow<nsw> : index
  %plus = scf.for %i = %n to %u step %c4 iter_args(%a = %x) -> (i32) {
    %v = arith.muli %a, %a : i32
    scf.yield %v : i32
  }
  %many = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %x) -> (i32) {
    %v = arith.addi %a, %a : i32
    scf.yield %v : i32
  }
  return %zero, %one, %same, %plus, %many : i32, i32, i32, i32, i32
}

// Loop-carried values: yielded unchanged (or the initial value), fed
// alike, unused.
func.func @for_iter_args(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %r:5 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %x, %d = %y, %e = %x) -> (i32, i32, i32, i32, i32) {
    %v = func.call @val() : () -> i32
    func.call @use(%b) : (i32) -> ()
    scf.yield %a, %v, %x, %v, %v : i32, i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// Nothing to drop: every carried value changes and is used.
func.func @for_kept(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %v = arith.addi %a, %a : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// The condition is true in the after region; repeated comparisons fold.
func.func @while_condition(%x: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%a = %x) : (i32) -> (i1, i32) {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %c, %a : i1, i32
  } do {
  ^bb0(%b: i1, %v: i32):
    func.call @use1(%b) : (i1) -> ()
    %same = arith.cmpi slt, %v, %n : i32
    %inv = arith.cmpi sge, %v, %n : i32
    %other = arith.cmpi eq, %v, %n : i32
    func.call @use1(%same) : (i1) -> ()
    func.call @use1(%inv) : (i1) -> ()
    func.call @use1(%other) : (i1) -> ()
    %w = func.call @val() : () -> i32
    scf.yield %w : i32
  }
  return %r#1 : i32
}

// Loop-invariant and unused values of a while loop go; a first condition
// `false` does not inline the loop.
func.func @while_args(%x: i32, %y: i32) -> i32 {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @cond() : () -> i1
    func.call @use(%b) : (i32) -> ()
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %w = func.call @val() : () -> i32
    scf.yield %w, %q : i32, i32
  }
  %s = scf.while (%a = %x) : (i32) -> i32 {
    %false = arith.constant false
    func.call @use(%a) : (i32) -> ()
    scf.condition(%false) %a : i32
  } do {
  ^bb0(%v: i32):
    %w = func.call @val() : () -> i32
    scf.yield %w : i32
  }
  %t = arith.addi %r#0, %s : i32
  return %t : i32
}

// A single-block execute_region inlines unless `no_inline`.
func.func @execute_region() -> (i32, i32) {
  %r = scf.execute_region -> i32 {
    %a = func.call @val() : () -> i32
    scf.yield %a : i32
  }
  %s = scf.execute_region -> i32 no_inline {
    %b = func.call @val() : () -> i32
    scf.yield %b : i32
  }
  return %r, %s : i32, i32
}

// A constant switch takes its case (or the default); unused results go.
func.func @index_switch(%i: index) -> (i32, i32) {
  %c2 = arith.constant 2 : index
  %c7 = index.constant 7
  %a = scf.index_switch %c2 -> i32
  case 1 {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  }
  case 2 {
    %v = func.call @val() : () -> i32
    %w = arith.addi %v, %v : i32
    scf.yield %w : i32
  }
  default {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  }
  %b = scf.index_switch %c7 -> i32
  case 1 {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  }
  default {
    %v = arith.muli %a, %a : i32
    scf.yield %v : i32
  }
  %d:2 = scf.index_switch %i -> i32, i32
  case 1 {
    %v = func.call @val() : () -> i32
    scf.yield %v, %v : i32, i32
  }
  default {
    %v = func.call @val() : () -> i32
    scf.yield %v, %b : i32, i32
  }
  return %d#0, %b : i32, i32
}

// The condition op's arguments are put in the before block's order.
func.func @while_align(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @cond() : () -> i1
    scf.condition(%c) %b, %a : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    func.call @use(%p) : (i32) -> ()
    %w = func.call @val() : () -> i32
    %v = func.call @val() : () -> i32
    scf.yield %w, %v : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// An scf.if on the condition right before scf.condition moves into the
// after region, with the before-region values it uses passed along.
func.func @while_move_if_down(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = func.call @cond() : () -> i1
    %k = func.call @val() : () -> i32
    %i = scf.if %c -> i32 {
      %v = arith.addi %a, %k : i32
      scf.yield %v : i32
    } else {
      scf.yield %a : i32
    }
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%p: i32):
    func.call @use(%p) : (i32) -> ()
    scf.yield %p : i32
  }
  return %r : i32
}

// A carried tensor entering through a cast that loses static sizes is
// carried with the cast's source type; not when the result has two uses.
func.func private @step(tensor<?x?xf32>) -> tensor<?x?xf32>
func.func @for_tensor_cast(%t: tensor<32x1024xf32>, %lb: index, %ub: index, %s: index) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = tensor.cast %t : tensor<32x1024xf32> to tensor<?x?xf32>
  %1 = scf.for %i = %lb to %ub step %s iter_args(%it = %0) -> (tensor<?x?xf32>) {
    %2 = func.call @step(%it) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %2 : tensor<?x?xf32>
  }
  %3 = scf.for %i = %lb to %ub step %s iter_args(%it = %0) -> (tensor<?x?xf32>) {
    %4 = func.call @step(%it) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %4 : tensor<?x?xf32>
  }
  return %1, %3, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// scf.parallel: dimensions of one iteration go (all of them: the body and
// the reductions are copied out); none: the initial values; a loop that
// only holds another merges with it, not when the inner bounds use the
// outer induction variable.
func.func private @use_index(index)
func.func @parallel_dims(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %n) step (%c1, %c1) {
    %s = arith.addi %i, %j : index
    func.call @use_index(%s) : (index) -> ()
    scf.reduce
  }
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%x) -> f32 {
    %v = arith.constant 2.0 : f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  %t = scf.parallel (%i, %j) = (%c3, %c0) to (%c1, %n) step (%c1, %c1) init (%r) -> f32 {
    %v = arith.constant 4.0 : f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    func.call @use_index(%i) : (index) -> ()
    scf.reduce
  }
  return %t : f32
}

func.func @parallel_merge(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%m) step (%c1) {
      %s = arith.addi %i, %j : index
      func.call @use_index(%s) : (index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      func.call @use_index(%j) : (index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}

// Combinations: discardable attributes kept by the ops that keep them,
// nested loops, several tied while values, dead switch results, combined
// ifs whose uses move into the branches, selects from nested ifs.
func.func @attrs(%c: i1, %x: i32, %lb: index, %ub: index, %s: index) -> i32 {
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  } else {
  } {tag = 1 : i32}
  %r:2 = scf.if %c -> (i32, i32) {
    %a = func.call @val() : () -> i32
    scf.yield %a, %a : i32, i32
  } else {
    %b = func.call @val() : () -> i32
    scf.yield %b, %x : i32, i32
  } {tag = 2 : i32}
  %f:2 = scf.for %i = %lb to %ub step %s iter_args(%p = %x, %q = %x) -> (i32, i32) {
    %v = func.call @val() : () -> i32
    func.call @use(%p) : (i32) -> ()
    scf.yield %v, %q : i32, i32
  } {tag = 3 : i32}
  return %r#0 : i32
}
func.func @nested_loops(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %t = scf.for %j = %lb to %ub step %s iter_args(%b = %a) -> (i32) {
      %c = func.call @cond() : () -> i1
      %n = scf.if %c -> i32 {
        %v = func.call @val() : () -> i32
        scf.yield %v : i32
      } else {
        scf.yield %b : i32
      }
      scf.yield %n : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}
func.func @while_multi(%x: i32, %y: i32) -> (i32, i32) {
  %r:3 = scf.while (%a = %x, %b = %y, %u = %x) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = func.call @cond() : () -> i1
    scf.condition(%c) %a, %b, %a : i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %w: i32):
    %n = func.call @val() : () -> i32
    func.call @use(%w) : (i32) -> ()
    scf.yield %n, %q, %p : i32, i32, i32
  }
  return %r#0, %r#2 : i32, i32
}
func.func @switch_dead(%i: index, %x: i32) -> i32 {
  %d:3 = scf.index_switch %i -> i32, i32, i32
  case 1 {
    %v = func.call @val() : () -> i32
    scf.yield %v, %x, %v : i32, i32, i32
  }
  case 5 {
    %v = func.call @val() : () -> i32
    scf.yield %v, %x, %v : i32, i32, i32
  }
  default {
    %v = func.call @val() : () -> i32
    scf.yield %v, %x, %v : i32, i32, i32
  }
  %s = arith.addi %d#1, %d#2 : i32
  return %s : i32
}
func.func @er_results(%x: i32) -> i32 {
  %r:2 = scf.execute_region -> (i32, i32) {
    %v = func.call @val() : () -> i32
    scf.yield %v, %x : i32, i32
  }
  %s = arith.addi %r#0, %r#1 : i32
  return %s : i32
}
func.func @combine_uses(%c: i1, %x: i32) -> i32 {
  %a = scf.if %c -> i32 {
    %v = func.call @val() : () -> i32
    scf.yield %v : i32
  } else {
    %w = func.call @val() : () -> i32
    scf.yield %w : i32
  }
  %b = scf.if %c -> i32 {
    scf.if %c {
      func.call @use(%a) : (i32) -> ()
    }
    scf.yield %a : i32
  } else {
    %m = arith.muli %a, %x : i32
    scf.yield %m : i32
  }
  return %b : i32
}
func.func @combine_neg_else(%c: i1, %x: i32) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %n {
    func.call @use(%x) : (i32) -> ()
  } else {
    func.call @use1(%c) : (i1) -> ()
  }
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  } else {
    func.call @use(%x) : (i32) -> ()
  }
  return
}
func.func @nested_select(%a: i1, %b: i1, %x: i32, %y: i32, %z: i32) -> (i32, i32) {
  %r:2 = scf.if %a -> (i32, i32) {
    %s = scf.if %b -> i32 {
      func.call @use(%x) : (i32) -> ()
      scf.yield %x : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %s, %z : i32, i32
  } else {
    scf.yield %y, %x : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @one_trip_multi(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %v = func.call @val() : () -> i32
    %w = arith.addi %a, %v : i32
    scf.yield %b, %w : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @while_cmp_swapped(%x: i32, %n: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %n, %a : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%v: i32):
    %same = arith.cmpi slt, %n, %v : i32
    %wrong = arith.cmpi slt, %v, %n : i32
    func.call @use1(%same) : (i1) -> ()
    func.call @use1(%wrong) : (i1) -> ()
    %w = func.call @val() : () -> i32
    scf.yield %w : i32
  }
  return %r : i32
}
