"t.a"() {a = distinct[0]<>, b = distinct[1]<42 : i32>, c = #foo<"x"> : memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, d = #foo.bar : memref<4xf32, affine_map<(d0) -> (d0 + 2)>>} : () -> ()
"t.b"() {a = distinct[2]<>, e = distinct[3]<[distinct[1]<42 : i32>]>} : () -> ()
