// Folds of affine.delinearize_index and affine.linearize_index: constant
// basis values become static entries, one result or one index is the
// index itself, constants fold through a static basis.
func.func @delinearize(%x: index, %n: index) -> (index, index, index, index, index) {
  %c4 = arith.constant 4 : index
  %c11 = arith.constant 11 : index
  %c-7 = arith.constant -7 : index
  %0 = affine.delinearize_index %x into (%c4) : index
  %1:2 = affine.delinearize_index %c11 into (3, 4) : index, index
  %2:2 = affine.delinearize_index %x into (%c4, %n) : index, index
  %3:3 = affine.delinearize_index %c-7 into (2, 5) : index, index, index
  return %0, %1#0, %2#1, %3#0, %3#2 : index, index, index, index, index
}

func.func @linearize(%x: index, %y: index, %n: index) -> (index, index, index, index) {
  %c4 = arith.constant 4 : index
  %c11 = arith.constant 11 : index
  %0 = affine.linearize_index [%c4, %c11] by (5, 12) : index
  %1 = affine.linearize_index [%x] by (5) : index
  %2 = affine.linearize_index disjoint [%x, %y] by (%n, %c4) : index
  %3 = affine.linearize_index [%c11, %c4, %c4] by (3, 5) : index
  return %0, %1, %2, %3 : index, index, index, index
}
