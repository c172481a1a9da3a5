// Attributes of each kind: integers with a buildable type (printed bare)
// and without (printed with their type), floats, strings, symbol names,
// type attributes, arrays, dictionaries, unit, enums and bit enums
// (specialized and dialect attributes, stripped and qualified).
func.func @integers() {
  testfmt.int_attrs 1, true, 3, 5 : si32, 7 : i16
  testfmt.int_attrs -2147483648, false, -1, -5 : si32, 123456789012345678901234567890 : i128
  testfmt.int_attrs 0, true, 0, 4294967295 : ui32, 0 : i1 {extra = 1 : i32}
  return
}
func.func @floats() {
  testfmt.float_attrs 1.5, 2.0
  testfmt.float_attrs -0.0, 1.0e+300
  testfmt.float_attrs 0x7FC00000, 0x7FF0000000000000
  testfmt.float_attrs 3.40282347E+38, 4.9406564584124654E-324
  return
}
func.func @text() {
  testfmt.text_attrs @sym "hello" @callee
  testfmt.text_attrs @"with space" "escapes: \22 \\ \0A \09" @"odd callee"
  testfmt.text_attrs @s "" @c {note}
  return
}
func.func @types() {
  testfmt.type_attrs f32, i8
  testfmt.type_attrs tensor<?x4xf32>, si64
  testfmt.type_attrs (i32, f32) -> complex<f32>, ui1
  testfmt.type_attrs memref<2x?xi32, strided<[?, 1]>>, i1
  return
}
func.func @collections() {
  testfmt.collection_attrs [1, "a"], [1, 2], [3, 4], {a = 1}
  testfmt.collection_attrs [], [], [], {}
  testfmt.collection_attrs [[1, 2], [], {b}, @sym, i32], [-1], [-9223372036854775808], {a = [1], "quoted key" = unit, z = "s"}
  return
}
func.func @unit_and_enums() {
  testfmt.unit_attr(unit)
  testfmt.unit_attr (unit) {other}
  testfmt.enum_attrs red high "read|write", "alpha, beta"
  testfmt.enum_attrs "dashed-blue" low "none", "none"
  testfmt.enum_attrs green low "exec", "beta"
  testfmt.enum_attrs "red" "high" "write|read|exec", "beta, alpha"
  return
}
func.func @dialect_attrs() {
  testfmt.dialect_attrs circle, #testfmt<shape square>, <read>, #testfmt.perms<read|write>
  testfmt.dialect_attrs square, #testfmt<shape circle>, <none>, #testfmt.perms<none>
  testfmt.dialect_attrs circle, #testfmt<shape circle>, <write|read>, #testfmt.perms<write> {note = #testfmt<shape square>}
  return
}
