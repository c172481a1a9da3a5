// vector.load and vector.store (the two ops of the vector dialect ported
// so far): 1-D, n-D, scalable and rank-0 vectors, memrefs of vectors, a
// strided layout read one element at a time, nontemporal and alignment.
func.func @accesses(%m: memref<16x32xf32>, %s: memref<8x?xvector<4xi16>, strided<[?, 1], offset: ?>>, %t: memref<9x9xbf16, strided<[1, 9]>>, %i: index, %j: index) {
  %a = vector.load %m[%i, %j] : memref<16x32xf32>, vector<8xf32>
  %b = vector.load %m[%j, %i] {nontemporal = true} : memref<16x32xf32>, vector<2x[4]xf32>
  %c = vector.load %m[%i, %i] {alignment = 32 : i64} : memref<16x32xf32>, vector<f32>
  vector.store %a, %m[%i, %j] : memref<16x32xf32>, vector<8xf32>
  vector.store %b, %m[%i, %j] {alignment = 8 : i64, nontemporal = true} : memref<16x32xf32>, vector<2x[4]xf32>
  vector.store %c, %m[%j, %j] {nontemporal = false} : memref<16x32xf32>, vector<f32>
  %d = vector.load %s[%i, %j] : memref<8x?xvector<4xi16>, strided<[?, 1], offset: ?>>, vector<4xi16>
  vector.store %d, %s[%j, %i] : memref<8x?xvector<4xi16>, strided<[?, 1], offset: ?>>, vector<4xi16>
  %e = vector.load %t[%i, %j] : memref<9x9xbf16, strided<[1, 9]>>, vector<1x1xbf16>
  vector.store %e, %t[%j, %i] : memref<9x9xbf16, strided<[1, 9]>>, vector<1x1xbf16>
  return
}
