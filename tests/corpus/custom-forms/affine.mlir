// affine ops in their custom forms: apply/min/max over dims and symbols
// (aliased and inline maps), loops with constant, SSA and map bounds
// (max/min with several results), steps and loop-carried values,
// conditionals with and without else and results, accesses whose
// subscripts are expressions of induction variables and symbol(...)
// operands, vector accesses, prefetches, (de)linearization, and
// discardable attributes kept beside the printed properties.
#lb = affine_map<(d0)[s0] -> (d0 - s0, 0)>
#ub = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#odd = affine_set<(d0)[s0] : (d0 mod 2 - 1 == 0, s0 - d0 >= 0)>
func.func @bounds(%n: index, %m: index, %buf: memref<64x?xi32>, %v: i32) -> i32 {
  %c3 = arith.constant 3 : index
  affine.for %i = -4 to 4 {
  }
  affine.for %i = %c3 to %n step 3 {
    affine.for %j = max #lb(%i)[%m] to min #ub(%i)[%n] step 2 {
      affine.store %v, %buf[%i floordiv 4, %j ceildiv 2 + %i mod 8] : memref<64x?xi32>
    } {tag = "inner"}
  }
  affine.for %i = affine_map<()[s0] -> (s0 * 2)>()[%n] to affine_map<(d0, d1) -> (d0 + d1)>(%m, %n) {
    %x = affine.load %buf[-%i + 63, 3 * symbol(%m) - symbol(%n)] : memref<64x?xi32>
    "use"(%x) : (i32) -> ()
  }
  %sum:2 = affine.for %i = 0 to 16 iter_args(%a = %v, %b = %v) -> (i32, i32) {
    %t = arith.addi %a, %b : i32
    affine.yield %b, %t : i32, i32
  }
  return %sum#1 : i32
}

func.func @conditions(%n: index, %m: memref<8xf32>, %f: f32) -> f32 {
  affine.for %i = 0 to 8 {
    affine.if #odd(%i)[%n] {
      affine.store %f, %m[%i] : memref<8xf32>
    }
    affine.if affine_set<() : (0 == 0)>() {
    } else {
      "never"() : () -> ()
    }
  }
  %r = affine.if affine_set<()[s0] : (s0 - 10 >= 0)>()[%n] -> f32 {
    %l = affine.load %m[symbol(%n) floordiv 2] : memref<8xf32>
    affine.yield %l : f32
  } else {
    affine.yield %f : f32
  }
  return %r : f32
}

func.func @maps(%i: index, %n: index) -> (index, index, index, index) {
  %a = affine.apply affine_map<()[s0, s1] -> (s0 * s1 - 1)>()[%n, %i]
  %b = affine.apply affine_map<(d0) -> (d0 mod 16)>(%i) {note = 1 : i64}
  %c = affine.min affine_map<(d0, d1)[s0] -> (d0, d1 - 2, s0 floordiv 3)>(%i, %a)[%n]
  %d = affine.max affine_map<()[s0] -> (s0, 7)>()[%n]
  return %a, %b, %c, %d : index, index, index, index
}

func.func @accesses(%s: memref<f64>, %t: memref<4x4xf32, 1>, %w: vector<2x4xf32>, %n: index) {
  %x = affine.load %s[] : memref<f64>
  affine.store %x, %s[] : memref<f64>
  affine.for %i = 0 to 4 {
    %v = affine.vector_load %t[%i, 0] : memref<4x4xf32, 1>, vector<2x4xf32>
    affine.vector_store %w, %t[%i - 1, symbol(%n)] {nontemporal} : memref<4x4xf32, 1>, vector<2x4xf32>
    affine.prefetch %t[%i, %i], write, locality<1>, instr : memref<4x4xf32, 1>
    affine.prefetch %t[symbol(%n), 2], read, locality<2>, data {hint = "x"} : memref<4x4xf32, 1>
  }
  return
}

func.func @linearization(%idx: index, %b: index) -> (index, index, index) {
  %p:2 = affine.delinearize_index %idx into (16) : index, index
  %q:3 = affine.delinearize_index %idx into (%b, 4, 2) : index, index, index
  %r = affine.linearize_index [%q#0, %q#1, %q#2] by (4, 2) : index
  %s = affine.linearize_index disjoint [%p#0, %p#1] by (%b, 16) : index
  return %r, %s, %p#1 : index, index, index
}
