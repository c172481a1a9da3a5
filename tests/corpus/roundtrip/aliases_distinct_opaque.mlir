// Which builtin attributes take an alias: `distinct[N]<>` (of a unit
// attribute) takes none, so it is numbered after the aliased ones printed
// first; the type of an unregistered dialect's attribute is visited like
// any typed attribute's (its layout gets `#map`).
"t.a"() {a = distinct[0]<>, b = distinct[1]<42 : i32>, c = #foo<"x"> : memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, d = #foo.bar : memref<4xf32, affine_map<(d0) -> (d0 + 2)>>} : () -> ()
"t.b"() {a = distinct[2]<>, e = distinct[3]<[distinct[1]<42 : i32>]>} : () -> ()
