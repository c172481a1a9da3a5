// ARGS: --finalize-memref-to-llvm
// The pass is a partial conversion with nothing illegal, so it does not
// fail by itself; what fails is its input: a subview out of bounds, which
// the verifier rejects before the pass runs, with the same message.
func.func @out_of_bounds(%t: memref<4x4xf32>) -> memref<4x4xf32, strided<[4, 1], offset: 4>> {
  %r = memref.subview %t[1, 0] [4, 4] [1, 1] : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: 4>>
  return %r : memref<4x4xf32, strided<[4, 1], offset: 4>>
}
