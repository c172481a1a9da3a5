// ARGS: --inline --split-input-file
// Recursion: a self-recursive callee is never inlined; callees of a
// cycle (a -> b -> a) are not inlined into each other, calls into the
// cycle from outside are; the inline history stops a callee from being
// inlined again into the calls it brought.

func.func private @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %small = arith.cmpi sle, %n, %c1 : i64
  %r = scf.if %small -> i64 {
    scf.yield %c1 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    scf.yield %p : i64
  }
  return %r : i64
}

func.func @use_fact(%n: i64) -> i64 {
  %0 = call @fact(%n) : (i64) -> i64
  return %0 : i64
}

// -----

func.func private @even(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %z -> i1 {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %m = arith.subi %n, %c1 : i32
    %o = func.call @odd(%m) : (i32) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}

func.func private @odd(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %z -> i1 {
    %f = arith.constant false
    scf.yield %f : i1
  } else {
    %m = arith.subi %n, %c1 : i32
    %e = func.call @even(%m) : (i32) -> i1
    scf.yield %e : i1
  }
  return %r : i1
}

func.func @parity(%n: i32) -> (i1, i1) {
  %0 = call @even(%n) : (i32) -> i1
  %1 = call @odd(%n) : (i32) -> i1
  return %0, %1 : i1, i1
}

// -----

func.func @leaf(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

func.func @middle(%x: i32) -> i32 {
  %0 = call @leaf(%x) : (i32) -> i32
  %1 = call @leaf(%0) : (i32) -> i32
  return %1 : i32
}

func.func @top(%x: i32) -> i32 {
  %0 = call @middle(%x) : (i32) -> i32
  %1 = call @leaf(%0) : (i32) -> i32
  return %1 : i32
}
