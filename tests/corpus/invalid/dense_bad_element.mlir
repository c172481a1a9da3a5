// A dense literal with an element that is not a number.
"t.op"() {a = dense<[1, "x"]> : tensor<2xi32>} : () -> ()
