// affine.dma_start (plain and strided) and affine.dma_wait: subscripts as
// expressions of loop indices, constants and symbol(...) operands.
func.func @dma(%src: memref<64x64xf32>, %dst: memref<256xf32, 2>, %tag: memref<1xi32>, %n: index, %s: index, %per: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 8 {
    affine.dma_start %src[%i, %i + 8], %dst[%i * 4 + symbol(%n)], %tag[%c0], %n : memref<64x64xf32>, memref<256xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    affine.dma_start %src[0, %i], %dst[%i], %tag[%i floordiv 8], %n, %s, %per : memref<64x64xf32>, memref<256xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%i mod 1], %n : memref<1xi32>
  }
  return
}
