func.func private @effect(i32) -> i32

func.func @dead(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.muli %a, %c2 : i32
  %unused = arith.addi %b, %b : i32
  %call = func.call @effect(%x) : (i32) -> i32
  %dup = arith.constant 1 : i32
  %r = arith.addi %b, %dup : i32
  return %r : i32
}

func.func @nested(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %k = arith.constant 40 : i32
    %l = arith.constant 2 : i32
    %s = arith.addi %k, %l : i32
    %t = arith.addi %x, %s : i32
    scf.yield %t : i32
  } else {
    %k = arith.constant 42 : i32
    scf.yield %k : i32
  }
  return %r : i32
}

func.func @swap(%c: i1, %x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %r = scf.if %n -> i32 {
    %p = func.call @effect(%x) : (i32) -> i32
    scf.yield %p : i32
  } else {
    %q = func.call @effect(%y) : (i32) -> i32
    scf.yield %q : i32
  }
  return %r : i32
}

func.func @unreachable(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %e = arith.muli %c3, %c3 : i32
  return %e : i32
^bb1:
  %d = arith.addi %x, %c3 : i32
  return %d : i32
^bb2(%arg: i32):
  %f = arith.addi %arg, %c3 : i32
  return %f : i32
}

func.func @symbols() -> (() -> (), i32) {
  %f = func.constant @symbols_callee : () -> ()
  %unused = func.constant @symbols_callee : () -> ()
  %c = arith.constant 9 : i32
  %dead = arith.addi %c, %c : i32
  return %f, %c : () -> (), i32
}

func.func private @symbols_callee()

func.func @commutative(%x: i32, %y: f32) -> (i32, i32, f32, i32) {
  %c = arith.constant 3 : i32
  %f = arith.constant 2.0 : f32
  %a = arith.addi %c, %x : i32
  %b = arith.muli %c, %x : i32
  %d = arith.mulf %f, %y : f32
  %e = arith.maxsi %c, %x : i32
  return %a, %b, %d, %e : i32, i32, f32, i32
}
