// ARGS: --convert-scf-to-cf --convert-to-llvm
// Structured loops and conditionals first lowered to cf, then all to
// LLVM in one pass.

func.func @sum_to(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %bit = arith.trunci %v : i64 to i1
    %odd = arith.andi %bit, %bit : i1
    %r = scf.if %odd -> (i64) {
      %s = arith.addi %acc, %v : i64
      scf.yield %s : i64
    } else {
      %s = arith.subi %acc, %v : i64
      scf.yield %s : i64
    }
    scf.yield %r : i64
  }
  return %sum : i64
}

func.func @collatz(%start: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %res:2 = scf.while (%x = %start, %steps = %zero) : (i64, i64) -> (i64, i64) {
    %go = arith.cmpi ne, %x, %one : i64
    scf.condition(%go) %x, %steps : i64, i64
  } do {
  ^bb0(%y: i64, %s: i64):
    %rem = arith.remui %y, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %y, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %y, %three : i64
      %u = arith.addi %t, %one : i64
      scf.yield %u : i64
    }
    %s1 = arith.addi %s, %one : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %res#1 : i64
}

func.func @switch(%k: index, %a: f32) -> f32 {
  %r = scf.index_switch %k -> f32
  case 1 {
    %d = arith.addf %a, %a : f32
    scf.yield %d : f32
  }
  default {
    %n = arith.negf %a : f32
    scf.yield %n : f32
  }
  return %r : f32
}
