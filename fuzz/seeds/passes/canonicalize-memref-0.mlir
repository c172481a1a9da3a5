func.func @alloc_const_sizes(%n: index) -> (memref<?x?x8xf32>, memref<?xi8>) {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %0 = memref.alloc(%c4, %n) {alignment = 64} : memref<?x?x8xf32>
  %1 = memref.alloca(%c16) : memref<?xi8>
  return %0, %1 : memref<?x?x8xf32>, memref<?xi8>
}

func.func @alloc_negative_size_stays() -> memref<?xf32> {
  %c-1 = arith.constant -1 : index
  %0 = memref.alloc(%c-1) : memref<?xf32>
  return %0 : memref<?xf32>
}

func.func @dead_allocs(%v: f32, %i: index, %m: memref<4xmemref<4xf32>>) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %1 = memref.alloca() : memref<4xf32>
  memref.store %v, %1[%i] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  memref.store %2, %m[%i] : memref<4xmemref<4xf32>>
  %3 = memref.alloc() : memref<8xf32>
  %4 = memref.realloc %3 : memref<8xf32> to memref<16xf32>
  memref.dealloc %4 : memref<16xf32>
  return
}

func.func @live_alloc(%i: index) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.load %0[%i] : memref<4xf32>
  return %1 : f32
}

func.func @copies(%a: memref<4xf32>, %b: memref<0x4xf32>, %c: memref<0x4xf32>, %d: memref<4xf32>) {
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %b, %c : memref<0x4xf32> to memref<0x4xf32>
  memref.copy %a, %d : memref<4xf32> to memref<4xf32>
  return
}

func.func @dim_of_reshape(%src: memref<*xf32>, %shape: memref<2xindex>, %shape32: memref<2xi32>, %i: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %0 = memref.reshape %src(%shape) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
  %1 = memref.dim %0, %c1 : memref<?x?xf32>
  %2 = memref.reshape %src(%shape32) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>
  %3 = memref.dim %2, %i : memref<?x?xf32>
  %4 = memref.dim %2, %c1 : memref<?x?xf32>
  return %1, %3, %4 : index, index, index
}

func.func @dim_index_after_reshape(%src: memref<*xf32>, %shape: memref<2xindex>, %x: i32) -> index {
  %0 = memref.reshape %src(%shape) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
  %i = arith.index_cast %x : i32 to index
  %1 = memref.dim %0, %i : memref<?x?xf32>
  return %1 : index
}

func.func private @use(memref<4xf32>)
func.func private @use_dynamic(memref<?xf32>)
func.func private @after()

func.func @scope_without_alloca(%a: f32, %b: f32) -> f32 {
  %0 = memref.alloca_scope -> (f32) {
    %1 = arith.addf %a, %b : f32
    memref.alloca_scope.return %1 : f32
  }
  return %0 : f32
}

func.func @scope_last_in_func(%i: index) {
  memref.alloca_scope {
    %0 = memref.alloca() : memref<4xf32>
    func.call @use(%0) : (memref<4xf32>) -> ()
  }
  return
}

func.func @scope_kept(%i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    memref.alloca_scope {
      %0 = memref.alloca() : memref<4xf32>
      func.call @use(%0) : (memref<4xf32>) -> ()
    }
    func.call @after() : () -> ()
  }
  memref.alloca_scope {
    %1 = memref.alloca() : memref<4xf32>
    func.call @use(%1) : (memref<4xf32>) -> ()
  }
  func.call @after() : () -> ()
  return
}

func.func @scope_last_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    memref.alloca_scope {
      %0 = memref.alloca(%j) : memref<?xf32>
      func.call @use_dynamic(%0) : (memref<?xf32>) -> ()
    }
  }
  return
}

func.func @scope_with_nested_scope(%a: f32) -> f32 {
  %0 = memref.alloca_scope -> (f32) {
    %1 = memref.alloca_scope -> (f32) {
      %2 = memref.alloca() : memref<f32>
      %3 = memref.load %2[] : memref<f32>
      memref.alloca_scope.return %3 : f32
    }
    memref.alloca_scope.return %1 : f32
  }
  %4 = arith.addf %0, %a : f32
  return %4 : f32
}
func.func @subview_constants(%m: memref<8x16x4xf32>, %i: index) -> memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c0, %c1, %i] [%c4, %c2, %c1] [%c1, %c2, %c1] : memref<8x16x4xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  return %0 : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
}

func.func @subview_rank_reducing(%m: memref<8x16xf32>, %i: index) -> memref<?xf32, strided<[?], offset: ?>> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%i, 2] [1, %c4] [1, %c1] : memref<8x16xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}

func.func @subview_out_of_bounds(%m: memref<8xf32>) -> memref<2xf32, strided<[1], offset: ?>> {
  %c9 = arith.constant 9 : index
  %0 = memref.subview %m[%c9] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
  return %0 : memref<2xf32, strided<[1], offset: ?>>
}

func.func @subview_of_cast(%m: memref<16x16xf32>, %i: index) -> memref<3x4xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.cast %m : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[%i, %i] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<3x4xf32, strided<[?, 1], offset: ?>>
}

func.func @subview_trivial(%m: memref<8x16xf32>, %n: memref<8x16xf32, strided<[16, 1]>>) -> (memref<8x16xf32, strided<[16, 1]>>, memref<8x16xf32, strided<[16, 1]>>) {
  %0 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32, strided<[16, 1]>>
  %1 = memref.subview %n[0, 0] [8, 16] [1, 1] : memref<8x16xf32, strided<[16, 1]>> to memref<8x16xf32, strided<[16, 1]>>
  return %0, %1 : memref<8x16xf32, strided<[16, 1]>>, memref<8x16xf32, strided<[16, 1]>>
}


func.func @alloc_strided_symbols(%n: index) -> (memref<?xi32, strided<[?], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = memref.alloc(%n)[%c1, %c1] : memref<?xi32, strided<[?], offset: ?>>
  %1 = memref.alloc(%c4)[%c1] : memref<?xi32, strided<[1], offset: ?>>
  return %0, %1 : memref<?xi32, strided<[?], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>
}
