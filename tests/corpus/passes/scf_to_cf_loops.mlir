// ARGS: --convert-scf-to-cf --allow-unregistered-dialect
// scf.for (signed and unsigned, with and without loop-carried values,
// with several body blocks), scf.while (general and do-while forms) and
// loops nested in loops, lowered to cf branches as mlir-opt does.

func.func @for_carried(%lb: index, %ub: index, %st: index, %x: f32, %y: i32) -> (f32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %y) -> (f32, i32) {
    %s = arith.addf %a, %a : f32
    %t = "test.step"(%i, %b) : (index, i32) -> i32
    scf.yield %s, %t : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

func.func @for_unsigned_i32(%lb: i32, %ub: i32, %st: i32) {
  scf.for unsigned %i = %lb to %ub step %st : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

func.func @for_unused_results(%lb: index, %ub: index, %st: index, %x: i64) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i64) {
    %n = "test.next"(%a) : (i64) -> i64
    scf.yield %n : i64
  }
  "test.after"() : () -> ()
  return
}

func.func @for_nested(%n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %outer = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> (index) {
      %s = arith.addi %acc2, %j : index
      scf.yield %s : index
    }
    scf.for %k = %i to %m step %c1 {
      "test.use"(%i, %k) : (index, index) -> ()
    }
    scf.yield %inner : index
  }
  return %outer : index
}

func.func @for_multi_block_body(%lb: index, %ub: index, %st: index, %c: i1) {
  scf.for %i = %lb to %ub step %st {
    scf.execute_region {
      cf.cond_br %c, ^a, ^b
    ^a:
      "test.a"(%i) : (index) -> ()
      scf.yield
    ^b:
      "test.b"(%i) : (index) -> ()
      scf.yield
    }
  }
  return
}

func.func @while_general(%x: i32, %n: i32) -> (i32, f32) {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, f32) {
    %c = arith.cmpi slt, %a, %n : i32
    %f = "test.float"(%a) : (i32) -> f32
    scf.condition(%c) %a, %f : i32, f32
  } do {
  ^bb0(%b: i32, %g: f32):
    "test.use"(%g) : (f32) -> ()
    %d = arith.addi %b, %b : i32
    scf.yield %d : i32
  }
  return %r#0, %r#1 : i32, f32
}

func.func @while_do_while(%x: i32, %n: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %d = arith.muli %a, %a : i32
    %c = arith.cmpi slt, %d, %n : i32
    scf.condition(%c) %d : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}

func.func @while_swapped_forward(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = "test.cond"(%a, %b) : (i32, i32) -> i1
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    scf.yield %q, %p : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

func.func @while_no_values() {
  scf.while : () -> () {
    %c = "test.cond"() : () -> i1
    scf.condition(%c)
  } do {
    "test.body"() : () -> ()
    scf.yield
  }
  return
}

func.func @while_in_for(%lb: index, %ub: index, %st: index, %x: i32) {
  scf.for %i = %lb to %ub step %st {
    %r = scf.while (%a = %x) : (i32) -> i32 {
      %c = "test.cond"(%a, %i) : (i32, index) -> i1
      scf.condition(%c) %a : i32
    } do {
    ^bb0(%b: i32):
      %n = "test.next"(%b) : (i32) -> i32
      scf.yield %n : i32
    }
    "test.use"(%r) : (i32) -> ()
  }
  return
}
