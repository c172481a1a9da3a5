// ARGS: --convert-scf-to-cf --allow-unregistered-dialect
// scf.parallel becomes a nest of scf.for carrying its reductions, then a
// CFG; scf.forall without shared outputs becomes scf.parallel first
// (static bounds as arith.constant).

func.func @parallel_plain(%lb: index, %ub: index, %st: index) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return
}

func.func @parallel_one_reduction(%lb: index, %ub: index, %st: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    %v = "test.val"(%i) : (index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

func.func @parallel_two_reductions_2d(%lb: index, %ub: index, %st: index, %x: f32, %y: i32) -> (f32, i32) {
  %r:2 = scf.parallel (%i, %j, %k) = (%lb, %lb, %lb) to (%ub, %ub, %ub) step (%st, %st, %st) init (%x, %y) -> (f32, i32) {
    %v = "test.val"(%i, %j, %k) : (index, index, index) -> f32
    %w = "test.ival"(%i) : (index) -> i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}

func.func @parallel_with_if(%ub: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%ub) step (%c1) {
    scf.if %c {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

func.func @forall_mixed(%n: index) {
  scf.forall (%i, %j) in (%n, 8) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (2) to (%n) step (3) {
    "test.use"(%i) : (index) -> ()
  }
  return
}

func.func @forall_nested_loop(%n: index, %m: index) {
  %c1 = arith.constant 1 : index
  scf.forall (%i) in (4) {
    scf.for %j = %i to %m step %c1 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
