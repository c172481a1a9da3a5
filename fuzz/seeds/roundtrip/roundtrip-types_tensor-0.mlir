"t.ranked"() {a = tensor<f32>, b = tensor<4xf32>, c = tensor<?xi8>, d = tensor<2x?x0x3xcomplex<f32>>, e = tensor<1x2x3x4x5x6x7x8xi1>} : () -> ()
"t.unranked"() {a = tensor<*xf32>, b = tensor<*xcomplex<f64>>, c = tensor<*xvector<4xi8>>} : () -> tensor<*xi32>
"t.encoded"() {a = tensor<4x4xf32, "enc">, b = tensor<?xi32, 3 : i64>, c = tensor<8xf32, #t.layout<rows = 2>>, d = tensor<2xi8, {k = 1 : i32}>} : () -> ()
"t.nested"() {b = tensor<2x!t.elt>, c = tensor<4xcomplex<i8>>} : () -> ()
