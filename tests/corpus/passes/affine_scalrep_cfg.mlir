// ARGS: --allow-unregistered-dialect --affine-scalrep
// Functions of several blocks (dominance and post-dominance across
// blocks, paths through branches), local buffers erased or kept, views
// of a buffer, and loads at the top of a function.

func.func @across_blocks(%c: i1, %x: f32, %y: f32) -> f32 {
  %buf = memref.alloc() : memref<4xf32>
  affine.store %x, %buf[0] : memref<4xf32>
  cf.cond_br %c, ^then, ^join
^then:
  %v = affine.load %buf[0] : memref<4xf32>
  %u = arith.negf %v : f32
  cf.br ^join
^join:
  %w = affine.load %buf[0] : memref<4xf32>
  return %w : f32
}

// A write on one path to the join.
func.func @write_on_a_path(%c: i1, %x: f32, %y: f32) -> f32 {
  %buf = memref.alloca() : memref<4xf32>
  affine.store %x, %buf[1] : memref<4xf32>
  cf.cond_br %c, ^then, ^join
^then:
  affine.store %y, %buf[1] : memref<4xf32>
  cf.br ^join
^join:
  %w = affine.load %buf[1] : memref<4xf32>
  %v = affine.load %buf[1] : memref<4xf32>
  %s = arith.addf %w, %v : f32
  return %s : f32
}

// The first store is dead only when the second post-dominates it.
func.func @dead_stores_and_paths(%c: i1, %m: memref<4xf32>, %x: f32, %y: f32) {
  affine.store %x, %m[2] : memref<4xf32>
  cf.cond_br %c, ^a, ^b
^a:
  affine.store %y, %m[2] : memref<4xf32>
  cf.br ^end
^b:
  cf.br ^end
^end:
  affine.store %y, %m[3] : memref<4xf32>
  affine.store %x, %m[3] : memref<4xf32>
  return
}

// Kept: a dim of the buffer, a subview of it, and a read through a cast.
func.func @buffers_kept(%x: f32) -> (index, f32) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %c0 = arith.constant 0 : index
  affine.store %x, %a[3] : memref<8xf32>
  %v = affine.load %a[3] : memref<8xf32>
  %d = memref.dim %a, %c0 : memref<8xf32>
  affine.store %x, %b[3] : memref<8xf32>
  %w = affine.load %b[3] : memref<8xf32>
  %cast = memref.cast %b : memref<8xf32> to memref<?xf32>
  %r = affine.load %cast[3] : memref<?xf32>
  %s = arith.addf %v, %w : f32
  %t = arith.addf %s, %r : f32
  return %d, %t : index, f32
}

// Erased: buffers only stored to (and freed) once their loads are gone.
func.func @buffers_erased(%x: f32, %y: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloca() : memref<2x2xf32>
  affine.for %i = 0 to 8 {
    affine.store %x, %a[%i] : memref<8xf32>
    %v = affine.load %a[%i] : memref<8xf32>
    affine.store %v, %b[0, 1] : memref<2x2xf32>
  }
  %w = affine.load %b[0, 1] : memref<2x2xf32>
  memref.dealloc %a : memref<8xf32>
  return %w : f32
}

// A write through a subview of the buffer may alias it.
func.func @through_a_view(%x: f32, %y: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %view = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  affine.store %x, %a[3] : memref<8xf32>
  affine.store %y, %view[1] : memref<4xf32, strided<[1], offset: 2>>
  %v = affine.load %a[3] : memref<8xf32>
  "sink.use"(%a) : (memref<8xf32>) -> ()
  return %v : f32
}

// Index values read from memory at the top of a function are symbols.
func.func @symbol_from_a_load(%idx: memref<1xindex>, %m: memref<16xf32>, %x: f32) -> f32 {
  %k = affine.load %idx[0] : memref<1xindex>
  %k2 = affine.load %idx[0] : memref<1xindex>
  affine.store %x, %m[symbol(%k)] : memref<16xf32>
  %v = affine.load %m[symbol(%k2)] : memref<16xf32>
  return %v : f32
}
