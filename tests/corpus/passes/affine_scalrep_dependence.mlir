// ARGS: --allow-unregistered-dialect --affine-scalrep
// Stores between a store and a load (or between two loads) that the
// dependence check proves write other elements: by loop bounds, steps,
// divisions and remainders, affine.if conditions and symbols; and ones
// it cannot prove apart.

// %j ranges over [8, 16) while the load reads [0, 8).
func.func @bounds_apart(%m: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %a = affine.load %m[%i] : memref<16xf32>
    affine.for %j = 8 to 16 {
      affine.store %one, %m[%j] : memref<16xf32>
    }
    %b = affine.load %m[%i] : memref<16xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// The ranges overlap by one element.
func.func @bounds_overlap(%m: memref<16xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 9 {
    %a = affine.load %m[%i] : memref<16xf32>
    affine.for %j = 8 to 16 {
      affine.store %one, %m[%j] : memref<16xf32>
    }
    %b = affine.load %m[%i] : memref<16xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// Even elements read, odd elements written.
func.func @parity(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i * 2] : memref<64xf32>
    affine.for %j = 0 to 32 {
      affine.store %one, %m[%j * 2 + 1] : memref<64xf32>
    }
    %b = affine.load %m[%i * 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// Odd steps from a constant lower bound reach only odd elements.
func.func @step_parity(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i * 2] : memref<64xf32>
    affine.for %j = 1 to 64 step 2 {
      affine.store %one, %m[%j] : memref<64xf32>
    }
    %b = affine.load %m[%i * 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// With a symbolic lower bound the step says nothing.
func.func @step_symbolic_start(%m: memref<64xf32>, %lb: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i * 2] : memref<64xf32>
    affine.for %j = %lb to 64 step 2 {
      affine.store %one, %m[%j] : memref<64xf32>
    }
    %b = affine.load %m[%i * 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// A remainder and a division in the subscripts.
func.func @mod_and_div(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    %a = affine.load %m[(%i mod 4) * 4] : memref<64xf32>
    affine.for %j = 0 to 16 {
      affine.store %one, %m[(%j floordiv 4) * 4 + 1] : memref<64xf32>
      affine.store %one, %m[%j ceildiv 2 + 20] : memref<64xf32>
    }
    %b = affine.load %m[(%i mod 4) * 4] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// The write sits under a condition that excludes the element read; the
// condition binds ops of the else branch as well.
func.func @conditions(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    %a = affine.load %m[%i] : memref<64xf32>
    affine.for %j = 0 to 64 {
      affine.if affine_set<(d0) : (d0 - 8 >= 0)>(%j) {
        affine.store %one, %m[%j] : memref<64xf32>
      } else {
        affine.store %one, %m[%j + 32] : memref<64xf32>
      }
    }
    %b = affine.load %m[%i] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// Symbolic bounds: %n elements from %off read, the write at %off + %n.
func.func @symbolic(%m: memref<?xf32>, %off: index, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = %off to affine_map<()[s0, s1] -> (s0 + s1)>()[%off, %n] {
    %a = affine.load %m[%i] : memref<?xf32>
    affine.store %one, %m[symbol(%off) + symbol(%n)] : memref<?xf32>
    %b = affine.load %m[%i] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    affine.store %one, %m[symbol(%off) + symbol(%n) - 1] : memref<?xf32>
    %c = affine.load %m[%i] : memref<?xf32>
    %t = arith.addf %s, %c : f32
  }
  return
}

// Bounds with max and min of several results.
func.func @max_min_bounds(%m: memref<100xf32>, %p: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = max affine_map<(d0) -> (0, d0)>(%p) to min affine_map<(d0) -> (50, d0 + 10)>(%p) {
    %a = affine.load %m[%i] : memref<100xf32>
    affine.for %j = 50 to 100 {
      affine.store %one, %m[%j] : memref<100xf32>
    }
    %b = affine.load %m[%i] : memref<100xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// Store-to-load forwarding past stores to other rows of a 2-d buffer.
func.func @rows(%x: f32, %y: f32) -> memref<4x8xf32> {
  %buf = memref.alloc() : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %x, %buf[%i, %j] : memref<4x8xf32>
      affine.for %k = 0 to 8 {
        affine.store %y, %buf[(%i + 1) mod 4, %k] : memref<4x8xf32>
      }
      %v = affine.load %buf[%i, %j] : memref<4x8xf32>
      %u = arith.negf %v : f32
    }
  }
  return %buf : memref<4x8xf32>
}

// Steps from a constant lower bound: how mlir-opt-22 uses them depends
// on whether the other access has divisions of its own (see
// `Builder::add_strides`): the first two keep both loads.
func.func @stride_on_the_reads_only(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 step 2 {
    %a = affine.load %m[%i] : memref<64xf32>
    affine.for %j = 0 to 32 {
      affine.store %one, %m[%j * 2 + 1] : memref<64xf32>
    }
    %b = affine.load %m[%i] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

func.func @stride_and_division_on_the_writes(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i * 2] : memref<64xf32>
    affine.for %j = 1 to 64 step 2 {
      affine.store %one, %m[%j + (%j floordiv 128)] : memref<64xf32>
    }
    %b = affine.load %m[%i * 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

func.func @strides_on_both(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 step 2 {
    %a = affine.load %m[%i + 1] : memref<64xf32>
    affine.for %j = 0 to 64 step 2 {
      affine.store %one, %m[%j] : memref<64xf32>
    }
    %b = affine.load %m[%i + 1] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

func.func @stride_against_a_division(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[(%i floordiv 2) * 4] : memref<64xf32>
    affine.for %j = 1 to 64 step 2 {
      affine.store %one, %m[%j] : memref<64xf32>
    }
    %b = affine.load %m[(%i floordiv 2) * 4] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

func.func @division_against_a_stride(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 step 2 {
    %a = affine.load %m[%i] : memref<64xf32>
    affine.for %j = 0 to 32 {
      affine.store %one, %m[(%j floordiv 2) * 4 + 1] : memref<64xf32>
    }
    %b = affine.load %m[%i] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}

// Remainders on one side only.
func.func @remainder_one_side(%m: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i mod 2] : memref<64xf32>
    affine.for %j = 0 to 10 {
      affine.store %one, %m[%j + 2] : memref<64xf32>
    }
    %b = affine.load %m[%i mod 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  affine.for %i = 0 to 32 {
    %a = affine.load %m[%i + 2] : memref<64xf32>
    affine.for %j = 0 to 10 {
      affine.store %one, %m[%j mod 2] : memref<64xf32>
    }
    %b = affine.load %m[%i + 2] : memref<64xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}
