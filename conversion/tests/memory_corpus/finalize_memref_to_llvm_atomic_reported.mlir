// ARGS: --finalize-memref-to-llvm --split-input-file
// A body yielding a value not defined in it: the error is reported on the
// op (its note shows the IR the pattern had built by then), the op stays
// and the pass goes on.
func.func @outer_value(%m: memref<?xi32>, %i: index, %v: i32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<?xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %v : i32
  }
  %y = memref.load %m[%i] : memref<?xi32>
  return
}

// -----

func.func @outer_value_strided(%m: memref<4x?xf32, strided<[?, ?], offset: ?>>, %i: index, %v: f32) -> f32 {
  %x = memref.generic_atomic_rmw %m[%i, %i] : memref<4x?xf32, strided<[?, ?], offset: ?>> {
  ^bb0(%cur: f32):
    memref.atomic_yield %v : f32
  }
  return %x : f32
}
