memref.global "private" @g : memref<4xf32, affine_map<(d0) -> (d0 + 1)>> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global @h : memref<2x2xi32, affine_map<(d0, d1) -> (d1, d0)>>

func.func @use(%i: index) -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>> {
  %0 = memref.get_global @g : memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
  %1 = memref.alloc() : memref<8xf32, affine_map<(d0) -> (d0 * 2)>>
  %2 = memref.subview %1[%i] [4] [1] : memref<8xf32, affine_map<(d0) -> (d0 * 2)>> to memref<4xf32, affine_map<(d0)[s0] -> (d0 * 2 + s0)>>
  memref.dealloc %1 : memref<8xf32, affine_map<(d0) -> (d0 * 2)>>
  return %0 : memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
}
