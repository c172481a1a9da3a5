// ARGS: --inline --split-input-file
// The affine dialect's rules: affine ops inline into a function and
// into affine.for bodies; a callee inlines into an affine.for body only
// when each of its ops is free of memory effects or an affine access
// whose map operands stay valid dimensions and symbols there.

func.func private @load_at(%m: memref<16xf32>, %i: index) -> f32 {
  %v = affine.load %m[%i] : memref<16xf32>
  return %v : f32
}

func.func private @shifted(%i: index) -> index {
  %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  return %j : index
}

func.func @loop(%m: memref<16xf32>, %out: memref<16xf32>) {
  affine.for %i = 0 to 15 {
    %j = func.call @shifted(%i) : (index) -> index
    %v = func.call @load_at(%m, %j) : (memref<16xf32>, index) -> f32
    affine.store %v, %out[%i] : memref<16xf32>
  }
  return
}

// -----

// A callee writing memory through memref.store (not an affine op the
// affine dialect can reason about) stays a call inside affine.for; at the
// function's top level it is inlined.
func.func private @plain_store(%m: memref<8xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i] : memref<8xf32>
  return
}

func.func @store_in_loop(%m: memref<8xf32>, %v: f32, %n: index) {
  affine.for %i = 0 to 8 {
    func.call @plain_store(%m, %v, %i) : (memref<8xf32>, f32, index) -> ()
  }
  func.call @plain_store(%m, %v, %n) : (memref<8xf32>, f32, index) -> ()
  return
}
