// affine folds and canonicalization: affine.apply folds (operand
// passthrough, constants) and composition chains; accesses composed with
// their index computations, with floordiv/mod decided by loop ranges;
// min/max of constants and of one result; loop bounds folded from
// constants, loops that never run or only pass values through; and
// affine.if composed with its operands, with trivially true and false
// conditions and empty else regions.
func.func @apply_fold(%i: index, %n: index) -> (index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0)>(%i)[%n]
  %b = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%c3, %c4)
  %c = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  %d = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%c)[%c3]
  return %a, %b, %c, %d : index, index, index, index
}

func.func @compose_chain(%i: index, %j: index) -> index {
  %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %j)
  %b = affine.apply affine_map<(d0) -> (d0 * 4)>(%a)
  %c = affine.apply affine_map<(d0, d1) -> (d0 - d1 floordiv 2)>(%b, %i)
  return %c : index
}

func.func @load_compose(%A: memref<100x100xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = 0 to 10 iter_args(%acc = %n) -> (index) {
    %k = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %v = affine.load %A[%k, %c0] : memref<100x100xf32>
    affine.store %v, %A[%k * 2, %i + %i] : memref<100x100xf32>
    %q = affine.apply affine_map<(d0) -> (d0 floordiv 16)>(%i)
    %m = affine.apply affine_map<(d0) -> (d0 mod 10)>(%i)
    affine.store %v, %A[%q, %m] : memref<100x100xf32>
    affine.yield %acc : index
  }
  %x = affine.load %A[%r, %r] : memref<100x100xf32>
  return %x : f32
}

func.func @minmax(%i: index, %n: index) -> (index, index, index, index) {
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %a = affine.min affine_map<(d0, d1) -> (d0, d1 + 3, 10)>(%c2, %c7)
  %b = affine.max affine_map<(d0, d1) -> (d0, d1 + 3, 10)>(%c2, %c7)
  %c = affine.min affine_map<(d0) -> (d0 + 2)>(%i)
  %d = affine.max affine_map<(d0)[s0] -> (d0, s0)>(%i)[%n]
  return %a, %b, %c, %d : index, index, index, index
}

func.func @loops(%n: index, %f: f32, %m: memref<10xf32>) -> (f32, f32) {
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  affine.for %i = %c4 to affine_map<(d0) -> (d0 + 2)>(%c10) {
    affine.store %f, %m[%i] : memref<10xf32>
  }
  %r = affine.for %i = 10 to 5 iter_args(%a = %f) -> (f32) {
    %s = arith.addf %a, %a : f32
    affine.yield %s : f32
  }
  %t = affine.for %i = 0 to %n iter_args(%a = %f) -> (f32) {
    affine.yield %a : f32
  }
  affine.for %i = 0 to 10 {
  }
  return %r, %t : f32, f32
}

func.func @conditions(%n: index, %m: memref<10xf32>, %f: f32) {
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 10 {
    %k = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%k)[%c5] {
      affine.store %f, %m[%i] : memref<10xf32>
    } else {
    }
    affine.if affine_set<() : (0 == 0)>() {
      affine.store %f, %m[0] : memref<10xf32>
    }
    affine.if affine_set<() : (1 == 0)>() {
      affine.store %f, %m[1] : memref<10xf32>
    }
  }
  return
}
