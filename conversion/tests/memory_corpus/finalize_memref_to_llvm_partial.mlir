// ARGS: --finalize-memref-to-llvm
// What the pass leaves, with casts between memrefs and descriptors where
// a lowered op meets one that is not: views (expanded first by
// --expand-strided-metadata in a pipeline), memory spaces that are not
// integers; allocation in address space 1.
func.func @subview_between(%n: index) -> f32 {
  %a = memref.alloc(%n) : memref<?xf32, 1>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32, 1>
  %s = memref.subview %a[1] [2] [1] : memref<?xf32, 1> to memref<2xf32, strided<[1], offset: 1>, 1>
  %y = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>, 1>
  %z = arith.addf %x, %y : f32
  return %z : f32
}

func.func @aligned_in_address_space() -> memref<8xi32, 3> {
  %a = memref.alloc() {alignment = 16} : memref<8xi32, 3>
  return %a : memref<8xi32, 3>
}

func.func @stays(%m: memref<?x?xf32>, %t: memref<4x4xf32>) -> memref<3x4xf32, strided<[4, 1], offset: 4>> {
  %c1 = arith.constant 1 : index
  %v = memref.subview %t[1, 0] [3, 4] [1, 1] : memref<4x4xf32> to memref<3x4xf32, strided<[4, 1], offset: 4>>
  %w = memref.subview %t[1, 0] [3, 4] [1, 1] : memref<4x4xf32> to memref<3x4xf32, strided<[4, 1], offset: 4>>
  %e = memref.load %v[%c1, %c1] : memref<3x4xf32, strided<[4, 1], offset: 4>>
  memref.store %e, %m[%c1, %c1] : memref<?x?xf32>
  return %w : memref<3x4xf32, strided<[4, 1], offset: 4>>
}
