#map = affine_map<(d0) -> (d0 + 1)>
#my_attr = {k = 1 : i32}
#str = "aliased string"
!my_type = tensor<4x!t.elem>
!nested = tuple<!my_type, !my_type>
!unused = i32
"t.use_aliases"() {m = #map, d = #my_attr, s = #str, ty = !my_type, n = !nested} : () -> !nested
"t.memref"() {a = memref<4xf32, #map>} : () -> ()
"t.repeat"() {a = affine_map<(d0, d1) -> (d1)>, b = affine_map<(d0, d1) -> (d1)>} : () -> ()
"t.long"() {t = !t.a_really_long_dialect_type_name<with, many, parameters, to, make, it, long>, u = !t.a_really_long_dialect_type_name<with, many, parameters, to, make, it, long>} : () -> ()
