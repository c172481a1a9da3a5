// ARGS: --expand-strided-metadata
// extract_strided_metadata of allocations, globals, casts and views;
// extract_aligned_pointer_as_index of views.
memref.global "private" constant @table : memref<2x3xf32> = dense<1.0>
memref.global "private" @scalar : memref<i64> = dense<7>

func.func @of_alloc(%n: index) -> (index, index, index, index) {
  %a = memref.alloc(%n) : memref<4x?x8xf32>
  %base, %off, %sizes:3, %strides:3 = memref.extract_strided_metadata %a : memref<4x?x8xf32> -> memref<f32>, index, index, index, index, index, index, index
  return %off, %sizes#1, %strides#0, %strides#1 : index, index, index, index
}

func.func @of_alloc_two_dynamic(%n: index, %k: index) -> (memref<i16>, index, index) {
  %a = memref.alloc(%n, %k) {alignment = 64 : i64} : memref<?x3x?xi16>
  %base, %off, %sizes:3, %strides:3 = memref.extract_strided_metadata %a : memref<?x3x?xi16> -> memref<i16>, index, index, index, index, index, index, index
  return %base, %strides#0, %strides#1 : memref<i16>, index, index
}

func.func @of_alloca_base() -> memref<f32> {
  %a = memref.alloca() : memref<4x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
  return %base : memref<f32>
}

func.func @of_alloca_0d() -> (memref<f32>, index) {
  %a = memref.alloca() : memref<f32>
  %base, %off = memref.extract_strided_metadata %a : memref<f32> -> memref<f32>, index
  return %base, %off : memref<f32>, index
}

func.func @of_alloc_strided_layout(%n: index) -> index {
  %a = memref.alloc(%n) : memref<?x4xf32, strided<[4, 1], offset: 2>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<?x4xf32, strided<[4, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  return %sizes#0 : index
}

func.func @of_get_global() -> (memref<f32>, index) {
  %g = memref.get_global @table : memref<2x3xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %g : memref<2x3xf32> -> memref<f32>, index, index, index, index, index
  return %base, %strides#0 : memref<f32>, index
}

func.func @of_get_global_0d() -> index {
  %g = memref.get_global @scalar : memref<i64>
  %base, %off = memref.extract_strided_metadata %g : memref<i64> -> memref<i64>, index
  return %off : index
}

func.func @of_cast(%m: memref<4x?xf32, strided<[?, 1], offset: 3>>) -> (index, index, index) {
  %c = memref.cast %m : memref<4x?xf32, strided<[?, 1], offset: 3>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %c : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %off, %sizes#1, %strides#0 : index, index, index
}

func.func @of_reinterpret_cast(%m: memref<?xf32>, %o: index, %s: index) -> (memref<f32>, index, index, index) {
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [%s, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %r : memref<?x4xf32, strided<[4, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %base, %off, %sizes#0, %strides#0 : memref<f32>, index, index, index
}

func.func @of_reinterpret_cast_static(%m: memref<16xf32>) -> (index, index, index) {
  %r = memref.reinterpret_cast %m to offset: [2], sizes: [2, 7], strides: [7, 1] : memref<16xf32> to memref<2x7xf32, strided<[7, 1], offset: 2>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %r : memref<2x7xf32, strided<[7, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  return %off, %sizes#1, %strides#0 : index, index, index
}

func.func @of_reinterpret_cast_unranked(%m: memref<*xf32>, %n: index) -> index {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n], strides: [1] : memref<*xf32> to memref<?xf32>
  %base, %off, %sizes, %strides = memref.extract_strided_metadata %r : memref<?xf32> -> memref<f32>, index, index, index
  return %sizes : index
}

func.func @of_subview(%m: memref<8x8xf32>, %i: index) -> (memref<f32>, index, index, index) {
  %s = memref.subview %m[%i, 2] [4, 4] [2, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[16, 1], offset: ?>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %s : memref<4x4xf32, strided<[16, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %base, %off, %sizes#0, %strides#0 : memref<f32>, index, index, index
}

func.func @of_expand_shape(%m: memref<?xf32>, %n: index) -> (index, index) {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 8] : memref<?xf32> into memref<?x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %e : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  return %sizes#0, %strides#0 : index, index
}

func.func @of_collapse_shape(%m: memref<?x?xf32>) -> (index, index) {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %base, %off, %sizes, %strides = memref.extract_strided_metadata %c : memref<?xf32> -> memref<f32>, index, index, index
  return %sizes, %strides : index, index
}

func.func @of_memory_space_cast(%m: memref<?x8xf32, 1>) -> (memref<f32>, index) {
  %c = memref.memory_space_cast %m : memref<?x8xf32, 1> to memref<?x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %c : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  return %base, %sizes#0 : memref<f32>, index
}

func.func @of_memory_space_cast_no_base(%m: memref<?x8xf32, 1>) -> index {
  %c = memref.memory_space_cast %m : memref<?x8xf32, 1> to memref<?x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %c : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  return %sizes#0 : index
}

func.func @of_base_buffer(%m: memref<8x8xf32>) -> (memref<f32>, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index
  %b2, %o2 = memref.extract_strided_metadata %base : memref<f32> -> memref<f32>, index
  return %b2, %o2 : memref<f32>, index
}

func.func @of_argument(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (index, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %off, %strides#1 : index, index
}

func.func @aligned_pointer_of_subview(%m: memref<8x8xf32>, %i: index) -> index {
  %s = memref.subview %m[%i, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %p = memref.extract_aligned_pointer_as_index %s : memref<4x4xf32, strided<[8, 1], offset: ?>> -> index
  return %p : index
}

func.func @aligned_pointer_of_views(%m: memref<?xf32>, %n: index) -> index {
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %c = memref.cast %e : memref<?x4xf32> to memref<?x?xf32>
  %p = memref.extract_aligned_pointer_as_index %c : memref<?x?xf32> -> index
  return %p : index
}

func.func @aligned_pointer_of_reinterpret_cast(%m: memref<?xf32>, %n: index) -> index {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32>
  %p = memref.extract_aligned_pointer_as_index %r : memref<?x4xf32> -> index
  return %p : index
}

func.func @aligned_pointer_of_view(%m: memref<64xi8>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %v = memref.view %m[%c0][%n] : memref<64xi8> to memref<?xf32>
  %p = memref.extract_aligned_pointer_as_index %v : memref<?xf32> -> index
  return %p : index
}

func.func @of_assume_alignment(%m: memref<?x8xf32>) -> (memref<f32>, index) {
  %a = memref.assume_alignment %m, 16 : memref<?x8xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
  return %base, %sizes#0 : memref<f32>, index
}

func.func @of_transpose(%m: memref<4x8xf32>) -> (index, index) {
  %t = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  %p = memref.extract_aligned_pointer_as_index %t : memref<8x4xf32, strided<[1, 8]>> -> index
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %t : memref<8x4xf32, strided<[1, 8]>> -> memref<f32>, index, index, index, index, index
  return %p, %strides#1 : index, index
}

func.func @aligned_pointer_of_alloc() -> index {
  %a = memref.alloc() : memref<16xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  return %p : index
}
