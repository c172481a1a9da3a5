// Tensors cannot hold tuples.
"t.op"() {a = tensor<2xtuple<i32>>} : () -> ()
