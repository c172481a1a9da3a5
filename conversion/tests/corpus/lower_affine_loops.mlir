// ARGS: --lower-affine --allow-unregistered-dialect
// affine.for to scf.for: constant, SSA and map bounds, max/min bounds
// over several results, steps, loop-carried values, nesting.

func.func private @visit(index) -> ()

func.func @constant_bounds() {
  affine.for %i = 3 to 17 {
    func.call @visit(%i) : (index) -> ()
  }
  return
}

func.func @stepped_with_sum(%buf: memref<64xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %total = affine.for %i = 0 to 64 step 4 iter_args(%acc = %zero) -> (i32) {
    %v = affine.load %buf[%i + 1] : memref<64xi32>
    %next = arith.addi %acc, %v : i32
    affine.yield %next : i32
  }
  return %total : i32
}

func.func @two_carried(%n: index, %a: f32, %b: f64) -> (f32, f64) {
  %r:2 = affine.for %i = 0 to %n iter_args(%x = %a, %y = %b) -> (f32, f64) {
    %x2 = "test.step"(%x, %i) : (f32, index) -> f32
    %y2 = "test.step"(%y, %i) : (f64, index) -> f64
    affine.yield %x2, %y2 : f32, f64
  }
  return %r#0, %r#1 : f32, f64
}

func.func @nest(%n: index) {
  affine.for %i = 0 to 10 {
    "test.before"(%i) : (index) -> ()
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 20 step 3 {
      "test.inner"(%i, %j) : (index, index) -> ()
    }
    "test.between"(%i) : (index) -> ()
    affine.for %k = affine_map<(d0) -> (d0 * 2)>(%i) to affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n] {
      "test.inner"(%i, %k) : (index, index) -> ()
    }
    "test.after"(%i) : (index) -> ()
  }
  return
}

#lower = affine_map<(d0)[s0] -> (d0 - 4, s0 floordiv 2, 0)>
#upper = affine_map<(d0)[s0] -> (d0 + 8, s0, 100)>

func.func @max_min_bounds(%n: index) {
  affine.for %i = 0 to 16 {
    affine.for %j = max #lower(%i)[%n] to min #upper(%i)[%n] step 2 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

func.func @six_way_min(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index) {
  affine.for %i = 1 to min affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>(%a, %b, %c, %d, %e, %f) {
    "test.use"(%i) : (index) -> ()
  }
  return
}

func.func @symbolic_bounds(%lb: index, %ub: index) -> index {
  %c = arith.constant 5 : index
  %r = affine.for %i = %lb to %ub iter_args(%s = %c) -> (index) {
    %t = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 3)>(%s, %i)
    affine.yield %t : index
  }
  return %r : index
}

func.func @empty_body(%n: index) {
  affine.for %i = 0 to %n {
  }
  return
}
