// An unregistered dialect attribute is not a valid memref memory space.
"t.op"() {a = memref<4xf32, #t.space<gpu>>} : () -> ()
