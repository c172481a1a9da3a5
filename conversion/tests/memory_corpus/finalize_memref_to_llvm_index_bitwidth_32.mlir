// ARGS: --finalize-memref-to-llvm=index-bitwidth=32
// Allocation, access and free under option index-bitwidth=32.
func.func @f(%n: index, %i: index) -> (memref<?x3xf16>, memref<5xi8>, memref<2x2xvector<4xf32>>) {
  %a = memref.alloc(%n) : memref<?x3xf16>
  %b = memref.alloc() : memref<5xi8>
  %c = memref.alloc() {alignment = 64} : memref<2x2xvector<4xf32>>
  %x = memref.load %a[%i, %i] : memref<?x3xf16>
  memref.store %x, %a[%i, %i] : memref<?x3xf16>
  memref.dealloc %b : memref<5xi8>
  return %a, %b, %c : memref<?x3xf16>, memref<5xi8>, memref<2x2xvector<4xf32>>
}
