// ARGS: --allow-unregistered-dialect --affine-scalrep
// Redundant loads (a dominating load of the same element with no write
// in between) and dead stores (a later store to the same element that
// post-dominates, with no read in between).

func.func @three_equal_loads(%in: memref<12xf32>) {
  affine.for %i = 0 to 12 {
    %a = affine.load %in[%i] : memref<12xf32>
    %b = affine.load %in[%i] : memref<12xf32>
    %s = arith.addf %a, %b : f32
    %c = affine.load %in[%i] : memref<12xf32>
    %t = arith.addf %s, %c : f32
    %use1 = arith.negf %t : f32
  }
  return
}

func.func @constant_element_into_nest(%in: memref<12xf32>) {
  %c2 = arith.constant 2 : index
  %a = affine.load %in[%c2] : memref<12xf32>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %b = affine.load %in[%c2] : memref<12xf32>
      %s = arith.addf %a, %b : f32
      %use2 = arith.negf %s : f32
    }
  }
  return
}

func.func @other_elements_kept(%in: memref<12xf32>, %n: index) {
  affine.for %i = 0 to 12 {
    %a = affine.load %in[%i] : memref<12xf32>
    affine.for %j = 0 to %n {
      %b = affine.load %in[%i] : memref<12xf32>
      %c = affine.load %in[%j] : memref<12xf32>
      %use3 = arith.negf %a : f32
      %use4 = arith.negf %b : f32
      %use5 = arith.negf %c : f32
    }
  }
  return
}

// A store after both loads does not separate them; one inside the inner
// loop (or after it, in the outer loop) does.
func.func @stores_between(%m: memref<12xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 12 {
    %a = affine.load %m[%i] : memref<12xf32>
    %b = affine.load %m[%i] : memref<12xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %m[%i] : memref<12xf32>
  }
  affine.for %i = 0 to 12 {
    %a = affine.load %m[%i] : memref<12xf32>
    affine.for %j = 0 to %n {
      %b = affine.load %m[%i] : memref<12xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %m[%i] : memref<12xf32>
    }
  }
  affine.for %i = 0 to 12 {
    %a = affine.load %m[%i] : memref<12xf32>
    affine.for %j = 0 to 6 {
      affine.for %k = 0 to 7 {
        %b = affine.load %m[%i] : memref<12xf32>
        %use6 = arith.negf %a : f32
        %use7 = arith.negf %b : f32
      }
      affine.store %one, %m[%i] : memref<12xf32>
    }
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 6 {
      %a = affine.load %m[%i] : memref<12xf32>
      affine.for %k = 0 to 7 {
        %b = affine.load %m[%i] : memref<12xf32>
        %use8 = arith.negf %a : f32
        %use9 = arith.negf %b : f32
      }
    }
    affine.store %one, %m[%i] : memref<12xf32>
  }
  return
}

// Loads in sibling loops: neither dominates the other.
func.func @sibling_loops(%m: memref<12xf32>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 12 {
    %a = affine.load %m[%c0] : memref<12xf32>
    %use10 = arith.negf %a : f32
  }
  affine.for %i = 0 to 12 {
    %b = affine.load %m[%c0] : memref<12xf32>
    %use11 = arith.negf %b : f32
  }
  return
}

func.func @through_applies(%in: memref<9x9xf32>) {
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 9 {
      %a = affine.apply affine_map<(d0, d1) -> (d1 + 1)>(%i, %j)
      %b = affine.apply affine_map<(d0, d1) -> (d0)>(%i, %j)
      %r = affine.apply affine_map<(d0, d1) -> (d1)>(%a, %b)
      %c = affine.apply affine_map<(d0, d1) -> (d0 - 1)>(%a, %b)
      %u = affine.load %in[%r, %c] : memref<9x9xf32>
      %v = affine.load %in[%i, %j] : memref<9x9xf32>
      %use12 = arith.negf %u : f32
      %use13 = arith.negf %v : f32
    }
  }
  return
}

func.func @vector_loads(%in: memref<128xf32>, %out: memref<128xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.vector_load %in[%i * 16] : memref<128xf32>, vector<16xf32>
    %b = affine.vector_load %in[%i * 16] : memref<128xf32>, vector<16xf32>
    %c = affine.vector_load %in[%i * 16] : memref<128xf32>, vector<4xf32>
    %s = arith.addf %a, %b : vector<16xf32>
    affine.vector_store %s, %out[%i * 16] : memref<128xf32>, vector<16xf32>
    %use14 = arith.negf %c : vector<4xf32>
  }
  return
}

// The vector store writes a later block of 16: it may overlap (the
// dependence check does not know vector widths) in the second loop; in
// the first it writes the next iteration's block only.
func.func @vector_store_between(%in: memref<256xf32>, %out: memref<256xf32>) {
  affine.for %i = 0 to 15 {
    %a = affine.vector_load %in[%i * 16] : memref<256xf32>, vector<16xf32>
    %next = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.vector_store %a, %in[%next * 16] : memref<256xf32>, vector<16xf32>
    %b = affine.vector_load %in[%i * 16] : memref<256xf32>, vector<16xf32>
    affine.vector_store %b, %out[%i * 16] : memref<256xf32>, vector<16xf32>
  }
  affine.for %i = 0 to 15 {
    %a = affine.vector_load %in[%i * 16] : memref<256xf32>, vector<16xf32>
    affine.vector_store %a, %in[%i * 8] : memref<256xf32>, vector<16xf32>
    %b = affine.vector_load %in[%i * 16] : memref<256xf32>, vector<16xf32>
    affine.vector_store %b, %out[%i * 16] : memref<256xf32>, vector<16xf32>
  }
  return
}

func.func @unknown_op_between(%in: memref<64xf32>, %out: memref<64xf32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %in[%i * 16] : memref<64xf32>
    affine.store %a, %out[%i * 16] : memref<64xf32>
    "sink.touch"(%in, %out) : (memref<64xf32>, memref<64xf32>) -> ()
    %b = affine.load %in[%i * 16] : memref<64xf32>
    affine.store %b, %out[%i * 16] : memref<64xf32>
  }
  return
}

func.func @overwritten_store(%out: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 4 {
    affine.store %one, %out[%i * 16] : memref<64xf32>
    affine.store %two, %out[%i * 16] : memref<64xf32>
  }
  affine.for %i = 0 to 4 {
    affine.store %one, %out[%i * 16 + 1] : memref<64xf32>
    "sink.touch"(%out) : (memref<64xf32>) -> ()
    affine.store %two, %out[%i * 16 + 1] : memref<64xf32>
  }
  return
}

// A load in the scope of an scf.for body (its own analysis scope).
func.func @in_scf_loop(%m: memref<4x8xf32>, %w: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    "test.affine_scope"() ({
      %a = affine.load %m[symbol(%i), 0] : memref<4x8xf32>
      %b = affine.load %w[0] : memref<8xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %m[symbol(%i), 0] : memref<4x8xf32>
      %c = affine.load %m[symbol(%i), 0] : memref<4x8xf32>
      %t = arith.mulf %c, %b : f32
      %use15 = arith.negf %t : f32
      "test.terminator"() : () -> ()
    }) : () -> ()
  }
  return
}
