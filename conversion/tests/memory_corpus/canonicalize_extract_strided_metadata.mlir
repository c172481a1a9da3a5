// ARGS: --canonicalize
// The fold of extract_strided_metadata that --expand-strided-metadata
// relies on, under --canonicalize: uses of what the source type fixes
// read constants, the op stays for the others.
func.func @static_parts(%m: memref<4x?xf32, strided<[?, 1], offset: 3>>) -> (memref<f32>, index, index, index, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: 3>> -> memref<f32>, index, index, index, index, index
  return %base, %off, %sizes#0, %sizes#1, %strides#1 : memref<f32>, index, index, index, index
}

func.func @through_cast(%m: memref<8x8xf32>) -> (index, index) {
  %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %c : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  return %sizes#0, %strides#0 : index, index
}
