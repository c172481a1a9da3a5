// ARGS: --lower-affine
// affine.vector_load and affine.vector_store become vector.load and
// vector.store on the expanded subscripts: dims and symbols, floordiv and
// mod, constant subscripts, multi-dimensional vectors,
// inside affine.for, affine.if and affine.parallel.
#row = affine_set<(d0)[s0] : (s0 - d0 - 8 >= 0)>
func.func @in_loops(%a: memref<64x128xf32>, %n: index) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 step 8 {
      %v = affine.vector_load %a[%i, %j] : memref<64x128xf32>, vector<8xf32>
      affine.if #row(%j)[%n] {
        affine.vector_store %v, %a[%i mod 4, %j floordiv 2 + symbol(%n)] : memref<64x128xf32>, vector<8xf32>
      }
    }
  }
  return
}

func.func @shapes(%b: memref<16x16xi8>, %z: memref<2xf64>, %k: index) -> vector<1xf64> {
  %t = affine.vector_load %b[%k * 4, %k + 1] : memref<16x16xi8>, vector<2x4xi8>
  affine.vector_store %t, %b[0, 12] : memref<16x16xi8>, vector<2x4xi8>
  %e = affine.vector_load %z[1] : memref<2xf64>, vector<1xf64>
  return %e : vector<1xf64>
}

func.func @parallel(%c: memref<32x32xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (32, 32) step (1, 4) {
    %v = affine.vector_load %c[%i, %j] : memref<32x32xf32>, vector<4xf32>
    affine.vector_store %v, %c[%j floordiv 4, %i] : memref<32x32xf32>, vector<4xf32>
  }
  return
}
