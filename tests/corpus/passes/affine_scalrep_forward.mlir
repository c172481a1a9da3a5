// ARGS: --allow-unregistered-dialect --affine-scalrep
// Store-to-load forwarding: a load takes the value of the store to the
// same element that dominates it when nothing in between may overwrite
// it; the local buffer left with only stores (and its dealloc) goes.

func.func @store_then_load_in_loop(%x: f32) {
  %buf = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    affine.store %x, %buf[%i] : memref<16xf32>
    %v = affine.load %buf[%i] : memref<16xf32>
    %w = arith.mulf %v, %v : f32
    %use1 = arith.negf %w : f32
  }
  memref.dealloc %buf : memref<16xf32>
  return
}

func.func @last_of_several_stores(%a: f32, %b: f32, %c: f32) {
  %buf = memref.alloca() : memref<8xf32>
  affine.for %i = 0 to 8 {
    affine.store %a, %buf[%i] : memref<8xf32>
    %v0 = affine.load %buf[%i] : memref<8xf32>
    affine.store %b, %buf[%i] : memref<8xf32>
    affine.store %c, %buf[%i] : memref<8xf32>
    %v1 = affine.load %buf[%i] : memref<8xf32>
    %v2 = affine.load %buf[%i] : memref<8xf32>
    %use2 = arith.negf %v0 : f32
    %use3 = arith.negf %v1 : f32
    %use4 = arith.negf %v2 : f32
  }
  return
}

// The subscripts are equal once the affine.apply chains are composed.
func.func @through_applies(%x: f32) -> memref<8x8xf32> {
  %buf = memref.alloc() : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.apply affine_map<(d0, d1) -> (d0 + 2)>(%i, %j)
      %b = affine.apply affine_map<(d0) -> (d0 - 2)>(%a)
      %c = affine.apply affine_map<(d0, d1) -> (d0 * 3 - d1 * 2)>(%j, %i)
      %d = affine.apply affine_map<(d0, d1) -> ((d1 + d0 * 2) floordiv 3)>(%i, %c)
      affine.store %x, %buf[%b, %d] : memref<8x8xf32>
      %v = affine.load %buf[%i, %j] : memref<8x8xf32>
      %use5 = arith.negf %v : f32
    }
  }
  // Returned: the buffer and its stores stay.
  return %buf : memref<8x8xf32>
}

// The store runs once per %i; the inner loop only reads.
func.func @into_inner_loop(%n: index, %x: f32) {
  %buf = memref.alloc() : memref<32xf32>
  affine.for %i = 0 to 32 {
    affine.store %x, %buf[%i] : memref<32xf32>
    affine.for %j = 0 to %n {
      %v = affine.load %buf[%i] : memref<32xf32>
      %use6 = arith.negf %v : f32
    }
  }
  return
}

// A constant subscript outside every loop.
func.func @constant_element_into_nest(%x: f32) {
  %c3 = arith.constant 3 : index
  %buf = memref.alloc() : memref<4xf32>
  affine.store %x, %buf[%c3] : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %buf[%c3] : memref<4xf32>
      %use7 = arith.negf %v : f32
    }
  }
  return
}

// The later store to %i + 1 is ordered after the load by the outer loop
// only: the first store still forwards.
func.func @other_element_written_later(%n: index, %x: f32, %y: f32) -> f32 {
  %buf = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 15 {
    affine.store %x, %buf[%i] : memref<16xf32>
    affine.for %j = 0 to %n {
      %v = affine.load %buf[%i] : memref<16xf32>
      %use8 = arith.negf %v : f32
      %next = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      affine.store %y, %buf[%next] : memref<16xf32>
    }
  }
  %last = affine.load %buf[0] : memref<16xf32>
  return %last : f32
}

// Stores in sibling loops write other elements (proved by their bounds).
func.func @sibling_writes_elsewhere(%x: f32, %y: f32) {
  %buf = memref.alloc() : memref<20xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %buf[%i] : memref<20xf32>
    affine.for %j = 10 to 20 {
      affine.store %y, %buf[%j] : memref<20xf32>
    }
    %v = affine.load %buf[%i] : memref<20xf32>
    %use9 = arith.negf %v : f32
  }
  return
}

// A store to a memref that cannot alias the loaded one does not
// intervene: two allocations, an allocation and an argument.
func.func @distinct_memory(%arg: memref<4xf32>, %x: f32, %y: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  %c0 = arith.constant 0 : index
  affine.store %x, %a[1] : memref<4xf32>
  affine.store %y, %b[1] : memref<4xf32>
  memref.store %y, %arg[%c0] : memref<4xf32>
  %v = affine.load %a[1] : memref<4xf32>
  "sink.use"(%b) : (memref<4xf32>) -> ()
  return %v : f32
}

// Strided loops with a division in the subscript.
func.func @step_and_division(%x: f32) {
  %buf = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 step 4 {
    affine.store %x, %buf[%i floordiv 2] : memref<64xf32>
    %v = affine.load %buf[%i floordiv 2] : memref<64xf32>
    %use10 = arith.negf %v : f32
  }
  return
}

// Inside an affine.if, and into an scf.if region.
func.func @conditional_regions(%c: i1, %x: f32, %out: memref<10xf32>) {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %buf[%i] : memref<10xf32>
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      %v = affine.load %buf[%i] : memref<10xf32>
      %use11 = arith.negf %v : f32
    }
    %r = scf.if %c -> (f32) {
      scf.yield %x : f32
    } else {
      %w = affine.load %buf[%i] : memref<10xf32>
      scf.yield %w : f32
    }
    affine.store %r, %out[%i] : memref<10xf32>
  }
  return
}

// Vector stores forward to vector loads of the same type only.
func.func @vectors(%in: memref<256xf32>, %out: memref<256xf32>) {
  %tmp = memref.alloc() : memref<256xf32>
  affine.for %i = 0 to 8 {
    %a = affine.vector_load %in[%i * 32] : memref<256xf32>, vector<32xf32>
    affine.vector_store %a, %tmp[%i * 32] : memref<256xf32>, vector<32xf32>
    %b = affine.vector_load %tmp[%i * 32] : memref<256xf32>, vector<32xf32>
    %c = affine.vector_load %tmp[%i * 32] : memref<256xf32>, vector<8xf32>
    affine.vector_store %b, %out[%i * 32] : memref<256xf32>, vector<32xf32>
    %use12 = arith.negf %c : vector<8xf32>
  }
  return
}
