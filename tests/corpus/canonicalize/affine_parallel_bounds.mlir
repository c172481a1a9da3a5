// affine.parallel folds its bounds in place: the affine.apply ops that
// make bound operands are composed into the bound maps, constant
// operands become constants of the maps and repeated operands one.

func.func @bounds_from_constants_and_applies(%n: index, %out: memref<64x64xf32>) {
  %zero = arith.constant 0 : index
  %eight = arith.constant 8 : index
  %v = arith.constant 2.0 : f32
  affine.parallel (%i, %j) = (%zero, %zero) to (%eight, %n + %n) {
    %twice = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    affine.parallel (%k) = (%twice) to (%twice + %eight) {
      affine.store %v, %out[%k, %j] : memref<64x64xf32>
    }
  }
  return
}

func.func @max_of_constant_and_symbol(%lo: index, %hi: index, %out: memref<?xi8>) {
  %three = arith.constant 3 : index
  %b = arith.constant 7 : i8
  affine.parallel (%i) = (max(%three, %lo)) to (min(%hi, %hi + %three)) {
    affine.store %b, %out[%i] : memref<?xi8>
  }
  return
}
