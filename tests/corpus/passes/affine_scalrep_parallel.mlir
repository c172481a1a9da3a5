// ARGS: --allow-unregistered-dialect --affine-scalrep
// Accesses inside affine.parallel: its bounds bound the iteration domain,
// and each of its induction variables counts as a surrounding loop.

func.func @par(%x: f32, %n: index) -> memref<16x16xf32> {
  %buf = memref.alloc() : memref<16x16xf32>
  affine.parallel (%i, %j) = (0, max(0, %n)) to (16, 16) {
    affine.store %x, %buf[%i, %j] : memref<16x16xf32>
    %v = affine.load %buf[%i, %j] : memref<16x16xf32>
    %u = arith.negf %v : f32
  }
  return %buf : memref<16x16xf32>
}
func.func @par_for(%x: f32, %y: f32, %m: memref<32xf32>) {
  affine.parallel (%i) = (0) to (16) {
    %a = affine.load %m[%i] : memref<32xf32>
    affine.for %j = 16 to 32 {
      affine.store %y, %m[%j] : memref<32xf32>
    }
    %b = affine.load %m[%i] : memref<32xf32>
    %s = arith.addf %a, %b : f32
    affine.for %j = 0 to 4 {
      affine.store %x, %m[%i + %j] : memref<32xf32>
      %c = affine.load %m[%i + %j] : memref<32xf32>
      %t = arith.addf %c, %c : f32
    }
  }
  return
}

// Symbolic parallel bounds: reads in [%lo, %lo + 8), writes past them.
func.func @par_symbolic(%m: memref<?xf32>, %lo: index, %x: f32) {
  affine.parallel (%i) = (%lo) to (%lo + 8) {
    %a = affine.load %m[%i] : memref<?xf32>
    affine.store %x, %m[symbol(%lo) + 8] : memref<?xf32>
    %b = affine.load %m[%i] : memref<?xf32>
    %s = arith.addf %a, %b : f32
  }
  return
}
