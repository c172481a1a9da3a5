// Dense elements: splats, nested lists, hex blobs, i1, complex, strings, vectors.
"t.splat"() {a = dense<1> : tensor<4xi32>, b = dense<1.5> : tensor<2x2xf32>, c = dense<true> : tensor<3xi1>, d = dense<0> : vector<8xi8>, e = dense<[1, 1, 1]> : tensor<3xi64>, f = dense<7> : tensor<0xi32>} : () -> ()
"t.nested"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<[1.0, 2.5, -0.0]> : tensor<3xf64>, c = dense<[[[1], [2]]]> : tensor<1x2x1xi8>, d = dense<5> : tensor<i16>, e = dense<[0.1, 0.2]> : tensor<2xbf16>} : () -> ()
"t.hex"() {a = dense<"0x0100000002000000"> : tensor<2xi32>, b = dense<"0x0000C03F"> : tensor<4xf32>, c = dense<"0x01020304"> : tensor<2x2xi8>} : () -> ()
"t.i1"() {a = dense<[true, false, true, true]> : tensor<4xi1>, b = dense<[[true], [false]]> : tensor<2x1xi1>, c = dense<false> : vector<4xi1>} : () -> ()
"t.complex"() {a = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, b = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, c = dense<[(0.5, -0.5)]> : tensor<1xcomplex<f64>>} : () -> ()
"t.strings"() {a = dense<"one"> : tensor<2x!t.str>, b = dense<["a", "bc", "d\0Ae"]> : tensor<3x!t.str>} : () -> ()
"t.elements"() {a = dense<[1, -1, 127, -128]> : tensor<4xsi8>, b = dense<[255, 0]> : tensor<2xui8>, c = dense<[1, 2]> : tensor<2xindex>, d = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, e = dense<1.0> : tensor<2xf16>} : () -> ()
"t.big"() {a = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]> : tensor<20xi32>} : () -> ()
