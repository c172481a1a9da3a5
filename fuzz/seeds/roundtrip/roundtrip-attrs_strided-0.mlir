"t.strided"() {a = strided<[]>, b = strided<[1]>, c = strided<[4, 1], offset: 0>, d = strided<[?, ?], offset: ?>, e = strided<[8, 1], offset: 16>, f = strided<[0]>, g = strided<[-1]>} : () -> ()
"t.memrefs"() {a = memref<2x4xf32, strided<[4, 1], offset: ?>>, b = memref<f32, strided<[], offset: 5>>} : () -> ()
