// ARGS: --finalize-memref-to-llvm=index-bitwidth=32
// With 32-bit indices a ranked descriptor copied to the stack (a cast to
// an unranked memref, a copy through memrefCopy) still counts its slot in
// i64, as upstream's promoteOneMemRefDescriptor; the aligned pointer of an
// unranked memref is loaded from the ranked descriptor it points to.

func.func @f(%m : memref<4x?xf32>, %u : memref<*xf16>) -> (memref<*xf32>, index) {
  %0 = memref.cast %m : memref<4x?xf32> to memref<*xf32>
  %1 = memref.extract_aligned_pointer_as_index %u : memref<*xf16> -> index
  return %0, %1 : memref<*xf32>, index
}

func.func @copy(%a : memref<*xi8>, %b : memref<3xi8, strided<[2]>>) {
  memref.copy %a, %b : memref<*xi8> to memref<3xi8, strided<[2]>>
  return
}
