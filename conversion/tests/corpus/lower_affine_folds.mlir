// ARGS: --lower-affine
// Unfolded affine input through --lower-affine: affine.apply, min and max
// are folded before they are lowered (constant operands, identity maps,
// single results), affine.load and affine.store read through a
// memref.cast, affine.if and affine.for fold constants into their set and
// bounds, and what is left lowers to arith and scf.

func.func @apply(%i: index, %j: index) -> (index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)
  %1 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%c3, %c5)
  %2 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %c3)
  %3 = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%c5]
  return %0, %1, %2, %3 : index, index, index, index
}

func.func @min_max(%i: index) -> (index, index, index) {
  %c2 = arith.constant 2 : index
  %0 = affine.min affine_map<(d0) -> (d0, 10)>(%c2)
  %1 = affine.max affine_map<(d0) -> (d0)>(%i)
  %2 = affine.min affine_map<(d0, d1) -> (d0 + d1, 8)>(%i, %c2)
  return %0, %1, %2 : index, index, index
}

func.func @loop_bounds(%m: memref<16xf32>, %n: index) {
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to %c4 {
    %v = affine.load %m[%i + 2] : memref<16xf32>
    affine.store %v, %m[%i] : memref<16xf32>
  }
  affine.for %i = affine_map<(d0) -> (d0)>(%c4) to affine_map<(d0) -> (d0 + 8)>(%c4) {
    %k = affine.apply affine_map<(d0) -> (d0 - 4)>(%i)
    %v = memref.load %m[%k] : memref<16xf32>
    memref.store %v, %m[%i] : memref<16xf32>
  }
  return
}

func.func @arith_is_legal(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %c0, %a : i32
  return %0 : i32
}

func.func @casts_sets_and_bounds(%m: memref<16xf32>, %n: index, %i: index) -> (index, f32) {
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%c2]
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%c10)[%c2]
  %c = memref.cast %m : memref<16xf32> to memref<?xf32>
  %v = affine.load %c[%i + 1] : memref<?xf32>
  affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%c10) {
    affine.store %v, %m[%c2] : memref<16xf32>
  }
  affine.for %k = %c2 to affine_map<()[s0] -> (s0 * 2)>()[%c10] step 2 {
    %w = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%k)[%n]
    affine.store %v, %m[%k] : memref<16xf32>
    memref.store %v, %m[%w] : memref<16xf32>
  }
  %s = affine.max affine_map<(d0, d1) -> (d0, d1)>(%i, %i)
  return %1, %v : index, f32
}
