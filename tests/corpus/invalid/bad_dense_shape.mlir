// A dense literal whose shape does not match the tensor type.
"t.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
