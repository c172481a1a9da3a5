// ARGS: --convert-scf-to-cf --allow-unregistered-dialect
// Lowerings nested in each other: an scf.if holding an index_switch in a
// while's before region, a for holding an execute_region holding a
// do-while in its after region, a parallel reducing a for, a forall
// over mixed bounds holding a parallel.

func.func @nested_in_while(%n: i32, %i: index, %c: i1, %lb: index, %ub: index, %st: index) -> i32 {
  %r = scf.while (%a = %n) : (i32) -> i32 {
    %v = scf.if %c -> i32 {
      %w = scf.index_switch %i -> i32
      case 1 {
        scf.yield %a : i32
      }
      default {
        %k = "test.k"(%a) : (i32) -> i32
        scf.yield %k : i32
      }
      scf.yield %w : i32
    } else {
      scf.yield %a : i32
    }
    %cc = "test.cond"(%v) : (i32) -> i1
    scf.condition(%cc) %v : i32
  } do {
  ^bb0(%b: i32):
    %q = scf.for %j = %lb to %ub step %st iter_args(%acc = %b) -> (i32) {
      %e = scf.execute_region -> i32 {
        cf.cond_br %c, ^x, ^y
      ^x:
        scf.yield %acc : i32
      ^y:
        %z = scf.while (%t = %acc) : (i32) -> i32 {
          %cz = "test.cz"(%t) : (i32) -> i1
          scf.condition(%cz) %t : i32
        } do {
        ^bb0(%u: i32):
          scf.yield %u : i32
        }
        scf.yield %z : i32
      }
      scf.yield %e : i32
    }
    scf.yield %q : i32
  }
  return %r : i32
}

func.func @nested_in_parallel_loops(%lb: index, %ub: index, %st: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    %v = scf.for %j = %lb to %i step %st iter_args(%a = %x) -> (f32) {
      %s = arith.addf %a, %a : f32
      scf.yield %s : f32
    }
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      scf.reduce.return %m : f32
    }
  }
  scf.forall (%p, %q) = (0, %lb) to (%ub, 16) step (%st, 4) {
    scf.parallel (%k) = (%p) to (%q) step (%st) {
      "test.use"(%k) : (index) -> ()
    }
  }
  return %r : f32
}
