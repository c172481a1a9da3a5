// ARGS: --convert-func-to-llvm --finalize-memref-to-llvm
// The function lowering first, then the memref one, which leaves a
// subview (lowered by --expand-strided-metadata, not by it). The casts
// the first pass left for the ops the second one lowers stay, unused:
// the second pass did not make them.

func.func private @take(memref<4xf32>)

func.func @left(%a: memref<4xf32>, %i: index) -> f32 {
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %w = memref.load %s[%i] : memref<2xf32, strided<[1], offset: 1>>
  call @take(%a) : (memref<4xf32>) -> ()
  return %w : f32
}

func.func @unranked(%u: memref<*xf32>, %a: memref<4xf32>) -> index {
  %r = memref.rank %u : memref<*xf32>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  return %r : index
}
