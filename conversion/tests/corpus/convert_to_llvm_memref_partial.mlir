// ARGS: --convert-to-llvm
// What --convert-to-llvm leaves of memref: a subview and an expand_shape
// (lowered by --expand-strided-metadata first, not by this pass) stay,
// with casts between them and the lowered ops around them; the unranked
// cast, rank and a view are lowered.

func.func @views(%n: index) -> (memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32>, index, f32) {
  %m = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = memref.subview %m[%c2] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %e = memref.expand_shape %m [[0, 1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  %u = memref.cast %m : memref<16xf32> to memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %raw = memref.alloca() : memref<64xi8>
  %v = memref.view %raw[%c0][] : memref<64xi8> to memref<16xf32>
  %x = memref.load %v[%c2] : memref<16xf32>
  %y = math.tanh %x : f32
  return %s, %e, %r, %y : memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32>, index, f32
}
