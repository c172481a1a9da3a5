// A vector type must have a static shape.
"t.op"() {a = vector<?xf32>} : () -> ()
