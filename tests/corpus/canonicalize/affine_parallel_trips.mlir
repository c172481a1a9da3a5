// affine.parallel under --canonicalize: its fold is its only rewrite, so a
// band of one iteration and an empty band stay (with a constant folded
// into the lower bound), and an apply is composed into both bounds.
func.func @p(%m: memref<8x8xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  affine.parallel (%i) = (0) to (1) {
    %v = affine.load %m[%i, %i] : memref<8x8xf32>
    affine.store %v, %m[%i, 0] : memref<8x8xf32>
  }
  affine.parallel (%i, %j) = (%c2, 0) to (3, 0) {
    %v = affine.load %m[%i, %j] : memref<8x8xf32>
    affine.store %v, %m[%j, 0] : memref<8x8xf32>
  }
  %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
  affine.parallel (%i) = (%a) to (%a + 4) step (2) {
    %v = affine.load %m[%i, %i] : memref<8x8xf32>
    affine.store %v, %m[%i, 0] : memref<8x8xf32>
  }
  return
}
