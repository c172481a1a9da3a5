"t.sparse"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[1]], [2.5]> : tensor<4xf32>, c = sparse<> : tensor<2x2xi8>, d = sparse<0, 0.0> : tensor<2xf64>, e = sparse<[[0], [3]], [true, false]> : tensor<4xi1>, f = sparse<[], []> : tensor<4xi8>, g = sparse<[[0, 1]], "0x05"> : tensor<2x2xi8>} : () -> ()
"t.vector"() {a = sparse<[[2]], [-1]> : vector<4xi16>} : () -> ()
