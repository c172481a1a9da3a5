// ARGS: --convert-func-to-llvm
// A memref argument used both by a memref op this pass leaves and by an
// op it lowers: its descriptor is packed once in the entry block, cast
// back to the memref for the op left, and unpacked for the call.

func.func private @consume(memref<4xf32>)
func.func private @take(memref<?x3xf32>, memref<8xi32>) -> memref<8xi32>

func.func @both(%a: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<4xf32>
  call @consume(%a) : (memref<4xf32>) -> ()
  return %v : f32
}

// Two memref arguments, one dynamic, one of them also returned.
func.func @nested(%a: memref<?x3xf32>, %b: memref<8xi32>, %n: index) -> memref<8xi32> {
  %d = memref.dim %a, %n : memref<?x3xf32>
  %r = call @take(%a, %b) : (memref<?x3xf32>, memref<8xi32>) -> memref<8xi32>
  %x = memref.load %b[%d] : memref<8xi32>
  memref.store %x, %r[%n] : memref<8xi32>
  return %b : memref<8xi32>
}

// Passed twice, with memref ops between the calls.
func.func @twice(%a: memref<4xf32>, %i: index) {
  call @twice(%a, %i) : (memref<4xf32>, index) -> ()
  %v = memref.load %a[%i] : memref<4xf32>
  call @twice(%a, %i) : (memref<4xf32>, index) -> ()
  memref.store %v, %a[%i] : memref<4xf32>
  return
}
