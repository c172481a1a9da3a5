// scf ops in their custom forms: counted loops (index and integer
// induction variables, unsigned, loop-carried values, nested), conditionals
// with and without results and else regions (implicit yields left out),
// while loops with and without operands, execute_region with several
// blocks and no_inline, parallel loops with and without reductions,
// forall in its normalized and bounded forms (with constants that make
// it print normalized), and index_switch with and without results.
func.func @loops(%lb: index, %ub: index, %s: index, %a: i32, %b: i32, %c: i1, %t: tensor<?xf32>) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %a) -> (i32) {
    scf.yield %acc : i32
  }
  scf.for %i = %lb to %ub step %s {
  }
  scf.for unsigned %j = %a to %b step %a : i32 {
    "t.use"(%j) : (i32) -> ()
  }
  scf.if %c {
    "t.x"() : () -> ()
  }
  scf.if %c {
  } else {
    "t.y"() : () -> ()
  }
  %m = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  %w:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    scf.yield %p, %q : i32, i32
  }
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %a : i32
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
  }
  %p = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%a) -> i32 {
    scf.reduce(%a : i32) {
    ^bb0(%l: i32, %rr: i32):
      scf.reduce.return %l : i32
    }
  }
  %f = scf.forall (%i, %j) in (%ub, 8) shared_outs(%o = %t) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
    }
  }
  %g = scf.forall (%i) = (%lb) to (%ub) step (2) shared_outs(%o = %t) -> (tensor<?xf32>) {
  } {mapping = []}
  scf.forall (%i) in (4) {
  }
  %sw = scf.index_switch %lb -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    scf.yield %b : i32
  }
  default {
    scf.yield %a : i32
  }
  scf.index_switch %lb
  case 1 {
    scf.yield
  }
  default {
  }
  return %r : i32
}

func.func @nested(%n: index, %a: f32, %b: i64, %c: i1, %t: tensor<4xf32>, %u: tensor<?x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (f32, i64) {
    %s = arith.addf %x, %x : f32
    scf.yield %s, %y : f32, i64
  } {tag = "outer"}
  scf.for %i = %c0 to %n step %c4 {
    scf.for %j = %i to %n step %c1 {
      "t.use"(%i, %j) : (index, index) -> ()
    }
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {note = 1 : i32}
  %e:2 = scf.execute_region -> (i64, f32) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %b, %a : i64, f32
  ^bb2:
    scf.yield %b, %a : i64, f32
  }
  scf.execute_region {
    scf.yield
  } {x}
  %p:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c4) init (%a, %b) -> (f32, i64) {
    scf.reduce(%a, %b : f32, i64) {
    ^bb0(%l: f32, %rr: f32):
      %m = arith.mulf %l, %rr : f32
      scf.reduce.return %m : f32
    }, {
    ^bb0(%l: i64, %rr: i64):
      scf.reduce.return %l : i64
    }
  } {p}
  %f = scf.forall (%i) = (%c0) to (%n) step (%c1) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  %f2:2 = scf.forall (%i, %j) = (0, %c1) to (%n, 16) step (2, %c4) shared_outs(%o = %t, %q = %u) -> (tensor<4xf32>, tensor<?x8xf32>) {
    "t.use"(%i, %j, %o, %q) : (index, index, tensor<4xf32>, tensor<?x8xf32>) -> ()
  }
  scf.forall (%i, %j, %k) in (2, %n, 3) {
    "t.use"(%i) : (index) -> ()
  } {mapping = []}
  scf.index_switch %n {a}
  case -3 {
    "t.x"() : () -> ()
    scf.yield
  }
  default {
    "t.y"() : () -> ()
  }
  %sw:2 = scf.index_switch %c1 -> f32, i64
  default {
    scf.yield %a, %b : f32, i64
  }
  %v = scf.if %c -> f32 {
    %w = scf.if %c -> (f32) {
      scf.yield %a : f32
    } else {
      scf.yield %a : f32
    }
    scf.yield %w : f32
  } else {
    scf.yield %a : f32
  } {k = 2}
  return %v : f32
}

// Aliases are numbered in the order the custom forms print: index_switch's
// case regions before its default region.
func.func @aliases(%k: index, %n: index) {
  scf.index_switch %k
  case 4 {
    "t.x"() {m = affine_map<(d0) -> (d0 + 4)>} : () -> ()
    scf.yield
  }
  default {
    "t.x"() {m = affine_map<(d0) -> (d0 * 2)>} : () -> ()
  }
  scf.for %i = %n to %n step %n {
    "t.x"() {m = affine_map<(d0) -> (d0 * 2)>, s = affine_set<(d0) : (d0 >= 0)>} : () -> ()
  }
  return
}
