// ARGS: --lower-affine --allow-unregistered-dialect
// affine.if to scf.if: each constraint compared with zero (sge for an
// inequality, eq for an equality) and the comparisons joined by
// arith.andi, without short-circuit; regions, results and nesting kept.

#lower_half = affine_set<(d0) : (31 - d0 >= 0)>
#upper_half = affine_set<(d0) : (d0 - 32 >= 0)>
#band = affine_set<(d0, d1)[s0, s1] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0, d1 * 2 - s1 == 0, s1 - 3 >= 0)>
#stripes = affine_set<(d0)[s0] : (d0 mod 4 == 0, d0 floordiv 8 - s0 >= 0, s0 ceildiv 3 - 1 >= 0)>

func.func @then_only(%i: index) {
  affine.if #lower_half(%i) {
    "test.then"(%i) : (index) -> ()
  }
  return
}

func.func @then_else(%i: index) {
  affine.if #upper_half(%i) {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

func.func @nested(%i: index, %j: index) {
  affine.if #lower_half(%i) {
    affine.if #upper_half(%j) {
      "test.both"() : () -> ()
    } else {
      "test.first"() : () -> ()
    }
  } else {
    affine.if #lower_half(%j) {
      "test.second"() : () -> ()
    }
  }
  return
}

func.func @with_results(%i: index, %a: f32, %b: f32) -> (f32, i64) {
  %c7 = arith.constant 7 : i64
  %r:2 = affine.if #upper_half(%i) -> (f32, i64) {
    affine.yield %a, %c7 : f32, i64
  } else {
    %s = arith.addf %a, %b : f32
    %n = "test.make"() : () -> i64
    affine.yield %s, %n : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}

func.func @conjunction(%i: index, %j: index, %n: index, %m: index) {
  affine.if #band(%i, %j)[%n, %m] {
    "test.in_band"() : () -> ()
  }
  return
}

func.func @divisions(%i: index, %n: index) {
  affine.if #stripes(%i)[%n] {
    "test.stripe"() : () -> ()
  }
  return
}

func.func @in_loops(%n: index) {
  affine.for %i = 0 to 64 {
    affine.if #upper_half(%i) {
      affine.for %j = 0 to %n {
        affine.if #band(%i, %j)[%n, %n] {
          "test.deep"(%i, %j) : (index, index) -> ()
        }
      }
    }
  }
  return
}

func.func @loop_result_in_if(%i: index, %buf: memref<8xf32>) -> f32 {
  %init = arith.constant 1.0 : f32
  %r = affine.if #lower_half(%i) -> f32 {
    %p = affine.for %k = 0 to 8 iter_args(%acc = %init) -> (f32) {
      %v = affine.load %buf[%k] : memref<8xf32>
      %m = arith.mulf %acc, %v : f32
      affine.yield %m : f32
    }
    affine.yield %p : f32
  } else {
    affine.yield %init : f32
  }
  return %r : f32
}
