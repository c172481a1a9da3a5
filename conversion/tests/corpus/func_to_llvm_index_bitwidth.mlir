// ARGS: --convert-func-to-llvm=index-bitwidth=32
// 32-bit indices: index arguments and results become i32, and so do the
// offsets, sizes and strides of memref descriptors.

func.func private @ext(index, memref<?x8xi16>) -> (index, memref<3xf32>)

func.func @use(%i: index, %m: memref<?x8xi16>) -> index {
  %r:2 = call @ext(%i, %m) : (index, memref<?x8xi16>) -> (index, memref<3xf32>)
  return %r#0 : index
}
