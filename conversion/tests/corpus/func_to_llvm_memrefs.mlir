// ARGS: --convert-func-to-llvm
// Memref arguments are passed as the fields of their descriptor and
// packed back in the entry block where the body uses them; calls unpack
// the descriptors they pass; memref results are returned as descriptors.

func.func private @consume(memref<?x4xf32>, memref<f32, 3>, memref<*xi8>)
func.func private @produce(index) -> memref<?xf32>

func.func @forward(%a: memref<?x4xf32>, %b: memref<f32, 3>, %c: memref<*xi8>) {
  call @consume(%a, %b, %c) : (memref<?x4xf32>, memref<f32, 3>, memref<*xi8>) -> ()
  return
}

func.func @unused(%a: memref<8xi32>, %n: index) -> index {
  return %n : index
}

func.func @returns(%n: index) -> (memref<?xf32>, index) {
  %m = call @produce(%n) : (index) -> memref<?xf32>
  return %m, %n : memref<?xf32>, index
}

func.func @strided(%s: memref<4x?xf32, strided<[?, 1], offset: ?>>) -> memref<4x?xf32, strided<[?, 1], offset: ?>> {
  return %s : memref<4x?xf32, strided<[?, 1], offset: ?>>
}

func.func @through_blocks(%m: memref<2x3xf64>, %c: i1) -> memref<2x3xf64> {
  cf.cond_br %c, ^a, ^b
^a:
  return %m : memref<2x3xf64>
^b:
  %r = call @through_blocks(%m, %c) : (memref<2x3xf64>, i1) -> memref<2x3xf64>
  return %r : memref<2x3xf64>
}
