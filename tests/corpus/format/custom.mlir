// Custom directives (tests/twin/testfmt.cpp): an optional operand,
// ref(type(...)) of an earlier type, a string argument, ref(...) of an
// attribute, and a variadic operand with its types.
func.func @custom(%a: i32, %b: i64, %f: f32) {
  testfmt.custom_optional %a
  testfmt.custom_optional none
  testfmt.custom_optional none {note}
  testfmt.custom_ref %a, %b : i32 to i64
  testfmt.custom_ref %a, %a : i32 same
  testfmt.custom_ref %f, %f : f32 to f32
  testfmt.custom_string default square
  testfmt.custom_string 5 by 3
  testfmt.custom_string 5
  testfmt.custom_string 4 by 4
  testfmt.custom_string default by 9 {note}
  testfmt.custom_variadic [%a : i32, %f : f32]
  testfmt.custom_variadic []
  testfmt.custom_variadic [%b : i64] {note}
  return
}
