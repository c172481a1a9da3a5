// ARGS: --allow-unregistered-dialect --affine-scalrep
// Where forwarding must not happen, next to one that does (so the file
// changes): another writer may come between, the subscripts are not
// provably equal, the store does not reach every load, memory may alias,
// or the accesses are in different affine scopes.

func.func @writer_in_inner_loop(%n: index, %x: f32, %y: f32) {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %buf[%i] : memref<10xf32>
    affine.for %j = 0 to %n {
      affine.store %y, %buf[%j] : memref<10xf32>
    }
    affine.for %k = 0 to %n {
      %v = affine.load %buf[%i] : memref<10xf32>
      %use1 = arith.negf %v : f32
    }
  }
  return
}

// The load's own loop writes the element after reading it.
func.func @written_after_read_in_loop(%n: index, %x: f32, %y: f32) {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %buf[%i] : memref<10xf32>
    affine.for %j = 0 to %n {
      %v = affine.load %buf[%i] : memref<10xf32>
      %use2 = arith.negf %v : f32
      affine.store %y, %buf[%i] : memref<10xf32>
    }
  }
  return
}

// The last store to the element post-dominates the others: forwarded.
func.func @last_store_covers(%n: index, %a: f32, %b: f32, %c: f32) {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %a, %buf[%i] : memref<10xf32>
    affine.for %j = 0 to %n {
      affine.store %b, %buf[%j] : memref<10xf32>
    }
    affine.store %c, %buf[%i] : memref<10xf32>
    affine.for %k = 0 to %n {
      %v = affine.load %buf[%i] : memref<10xf32>
      %use3 = arith.negf %v : f32
    }
  }
  return
}

// Each inner iteration reads another element than the one stored.
func.func @not_one_element(%x: f32) {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %x, %buf[%i] : memref<10xf32>
    affine.for %j = 0 to 10 {
      %v = affine.load %buf[%j] : memref<10xf32>
      %use4 = arith.negf %v : f32
    }
  }
  return
}

func.func @symbols_not_known_equal(%m: memref<50xf32>, %p: index, %q: index) -> f32 {
  %x = arith.constant 1.5 : f32
  affine.store %x, %m[%p] : memref<50xf32>
  %v = affine.load %m[%q] : memref<50xf32>
  return %v : f32
}

// The transposed store may overwrite %A[%i, %j] but not %A[%j, %i].
func.func @transposed(%A: memref<20x20xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      %u = affine.load %A[%i, %j] : memref<20x20xf32>
      affine.store %one, %A[%j, %i] : memref<20x20xf32>
      %v = affine.load %A[%i, %j] : memref<20x20xf32>
      %w = affine.load %A[%j, %i] : memref<20x20xf32>
      %use5 = arith.negf %u : f32
      %use6 = arith.negf %v : f32
      %use7 = arith.negf %w : f32
    }
  }
  return
}

// Overlapping subscripts: 2 * %i and %i + 1 meet at %i = 1.
func.func @overlapping_writes(%n: index, %x: f32, %y: f32) -> f32 {
  %buf = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 5 {
    affine.store %x, %buf[%i * 2] : memref<10xf32>
    affine.for %j = 0 to %n {
      %v = affine.load %buf[%i * 2] : memref<10xf32>
      %use8 = arith.negf %v : f32
      affine.store %y, %buf[%i + 1] : memref<10xf32>
    }
  }
  %r = affine.load %buf[1] : memref<10xf32>
  return %r : f32
}

// An op with unknown effects, and a cast of the same memory.
func.func @unknown_and_cast(%in: memref<64xf32>, %out: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %view = memref.cast %in : memref<64xf32> to memref<?xf32>
  affine.for %i = 0 to 4 {
    affine.store %one, %in[%i * 16] : memref<64xf32>
    "sink.touch"(%in) : (memref<64xf32>) -> ()
    %v = affine.load %in[%i * 16] : memref<64xf32>
    affine.store %v, %out[%i * 16] : memref<64xf32>
    affine.store %one, %in[%i * 16 + 1] : memref<64xf32>
    affine.store %two, %view[%i * 16 + 1] : memref<?xf32>
    %w = affine.load %in[%i * 16 + 1] : memref<64xf32>
    affine.store %w, %out[%i * 16 + 1] : memref<64xf32>
  }
  return
}

// A store inside a nested affine scope, a load after it outside.
func.func @across_scopes() -> memref<1xf32> {
  %buf = memref.alloc() : memref<1xf32>
  %a = arith.constant 0.0 : f32
  %b = arith.constant 5.0 : f32
  affine.store %a, %buf[0] : memref<1xf32>
  "test.affine_scope"() ({
    %l = affine.load %buf[0] : memref<1xf32>
    %s = arith.addf %l, %b : f32
    affine.store %s, %buf[0] : memref<1xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  %v = affine.load %buf[0] : memref<1xf32>
  %use9 = arith.negf %v : f32
  return %buf : memref<1xf32>
}

// A reduction in a loop: the store forwards to the load after it in the
// same iteration, not to the load at the top of the next.
func.func @reduction(%x: f32) -> memref<1xf32> {
  %acc = memref.alloc() : memref<1xf32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %acc[0] : memref<1xf32>
  affine.for %i = 0 to 50 step 2 {
    %l = affine.load %acc[0] : memref<1xf32>
    %s = arith.addf %l, %x : f32
    affine.store %s, %acc[0] : memref<1xf32>
    %m = affine.load %acc[0] : memref<1xf32>
    %use10 = arith.negf %m : f32
  }
  return %acc : memref<1xf32>
}

// The store inside the nested scope is not analysed against the load
// after it: nothing is forwarded.
func.func @store_in_scope_load_after() -> memref<1xf32> {
  %buf = memref.alloc() : memref<1xf32>
  %a = arith.constant 0.0 : f32
  %b = arith.constant 5.0 : f32
  affine.store %a, %buf[0] : memref<1xf32>
  "test.affine_scope"() ({
    affine.store %b, %buf[0] : memref<1xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
  %v = affine.load %buf[0] : memref<1xf32>
  %u = arith.negf %v : f32
  return %buf : memref<1xf32>
}
