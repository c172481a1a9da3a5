// ARGS: --finalize-memref-to-llvm
// memref.assume_alignment becomes llvm.intr.assume with an "align" bundle
// on the first element's address (moved by a static or dynamic offset),
// its result the operand; memref.dim of an unranked memref reads the size
// through the ranked descriptor it points to, in the memref's address space.
func.func @assume_identity(%m: memref<2x8xi32>) -> memref<2x8xi32> {
  %a = memref.assume_alignment %m, 64 : memref<2x8xi32>
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c1, %c1] : memref<2x8xi32>
  memref.store %v, %a[%c1, %c1] : memref<2x8xi32>
  return %a : memref<2x8xi32>
}

func.func @assume_offsets(%s: memref<6xf64, strided<[1], offset: 2>>, %d: memref<?x3xbf16, strided<[?, 1], offset: ?>, 1>) {
  %0 = memref.assume_alignment %s, 32 : memref<6xf64, strided<[1], offset: 2>>
  %1 = memref.assume_alignment %d, 2 : memref<?x3xbf16, strided<[?, 1], offset: ?>, 1>
  return
}

func.func @dim_unranked(%u: memref<*xi8>, %w: memref<*xf32, 5>, %i: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %0 = memref.dim %u, %c2 : memref<*xi8>
  %1 = memref.dim %w, %i : memref<*xf32, 5>
  return %0, %1 : index, index
}
