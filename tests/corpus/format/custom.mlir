// Custom directives (tests/twin/testfmt.cpp): an optional operand,
// ref(type(...)) of an earlier type, a string argument, ref(...) of an
// attribute, a variadic operand with its types, a region, a successor,
// the attribute dictionary, the property dictionary, a custom directive
// in an optional group, and a result type read by a custom directive.
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
func.func @custom_regions_and_dicts(%a: i32) {
  testfmt.custom_region empty
  testfmt.custom_region {
    testfmt.keywords first second _under_score dotted.word
  }
  testfmt.custom_region {
  ^bb0(%x: i32):
  } {note}
  testfmt.custom_attr_dict
  testfmt.custom_attr_dict with {level = 3}
  testfmt.custom_attr_dict with {level = 3, other}
  testfmt.custom_attr_dict with {other}
  testfmt.custom_in_group
  testfmt.custom_in_group scale 3, %a
  testfmt.custom_in_group scale -3, none {note}
  return
}
func.func @custom_prop_dict() {
  testfmt.custom_prop_dict
  testfmt.custom_prop_dict props <{label = "x"}>
  testfmt.custom_prop_dict props <{label = "x", limit = 3}> {z}
  return
}
func.func @custom_result(%a: i32, %f: f32) {
  %r = testfmt.custom_result %a : i32 same
  %q = testfmt.custom_result %a : i32 to f32
  %s = testfmt.custom_result %f {y} : f32 to tensor<2xf32>
  return
}
func.func @custom_successor() {
  testfmt.custom_successor goto ^bb1
^bb1:
  testfmt.custom_successor goto ^bb1 {note}
}
