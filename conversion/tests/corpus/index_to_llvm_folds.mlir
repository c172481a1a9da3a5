// ARGS: --convert-index-to-llvm
// Unfolded index input: each op is folded before it is converted, the
// constant moved right by the Commutative fold; `1 * x` folds to x, while
// x / 1, x & 0 and (x + c) - c, which upstream's index folds leave, are
// converted as they are.

func.func @idx(%a: index, %b: index) -> (index, index, index, index, index) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c7 = index.constant 7
  %0 = index.mul %c1, %a
  %1 = index.divs %a, %c1
  %2 = index.maxs %c7, %a
  %3 = index.and %a, %c0
  %s = index.add %a, %c7
  %4 = index.sub %s, %c7
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
