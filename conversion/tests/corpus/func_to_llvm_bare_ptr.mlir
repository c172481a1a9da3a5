// ARGS: --convert-func-to-llvm=use-bare-ptr-memref-call-conv
// The bare-pointer calling convention: a statically shaped memref is
// passed and returned as one pointer, its descriptor rebuilt from the
// static sizes and strides where the body needs one. A function with a
// dynamically shaped or unranked memref cannot be converted and stays.

func.func private @take(memref<4x3xf32>) -> memref<2xi64, 1>

func.func @forward(%m: memref<4x3xf32>) -> memref<2xi64, 1> {
  %r = call @take(%m) : (memref<4x3xf32>) -> memref<2xi64, 1>
  return %r : memref<2xi64, 1>
}

func.func @strided(%m: memref<2x2xf32, strided<[4, 1], offset: 8>>) -> memref<2x2xf32, strided<[4, 1], offset: 8>> {
  return %m : memref<2x2xf32, strided<[4, 1], offset: 8>>
}

func.func @rank0(%m: memref<f64>, %x: index) -> index {
  %c = call @rank0(%m, %x) : (memref<f64>, index) -> index
  return %c : index
}

func.func @dynamic(%m: memref<?xf32>) -> memref<?xf32> {
  return %m : memref<?xf32>
}
