"t.plain"() {a = memref<f32>, b = memref<4xf32>, c = memref<?x?xi8>, d = memref<2x0xindex>, e = memref<4xvector<4xf32>>} : () -> ()
"t.affine"() {a = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, b = memref<8xf32, affine_map<(d0) -> (d0 + 4)>>, c = memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>} : () -> ()
"t.strided"() {a = memref<4x4xf32, strided<[4, 1]>>, b = memref<?x?xf32, strided<[?, 1], offset: ?>>, c = memref<8xf32, strided<[2], offset: 3>>, d = memref<2x3xi8, strided<[1, 2], offset: 0>>} : () -> ()
"t.spaces"() {a = memref<4xf32, 1>, b = memref<4xf32, 7 : i64>, e = memref<4x4xf32, strided<[4, 1]>, 2>, f = memref<4xf32, affine_map<(d0) -> (d0)>, 3>} : () -> ()
"t.unranked"() {a = memref<*xf32>, b = memref<*xi8, 1>} : () -> memref<*xf64, 4>
