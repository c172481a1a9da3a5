// Optional groups: optional and default-valued attributes (absent,
// present, at their default and not), unit attributes and a unit property
// anchoring groups (first in the group and not), attributes that are
// not enums starting groups (a symbol name, a qualified dialect attribute,
// an integer and a string, each read only when one is next), else
// groups, and `oilist` clauses in every order.
func.func @optional_attrs() {
  testfmt.optional_attrs
  testfmt.optional_attrs min 3
  testfmt.optional_attrs min -3 color green count = 8 level high
  testfmt.optional_attrs count = 7
  testfmt.optional_attrs level low
  testfmt.optional_attrs color "dashed-blue" {mode = "none"}
  testfmt.optional_attrs {mode = "fast"}
  testfmt.optional_attrs {count = 7 : i32, level = 10 : i64}
  return
}
func.func @unit_anchors() {
  testfmt.unit_anchor
  testfmt.unit_anchor unit fast
  testfmt.unit_anchor exact
  testfmt.unit_anchor quiet
  testfmt.unit_anchor unit fast exact quiet
  testfmt.unit_anchor exact {fast}
  return
}
func.func @else_groups(%a: i32) {
  testfmt.else_group on, value %a
  testfmt.else_group off, nothing
  testfmt.else_group on, nothing
  testfmt.else_group off, value %a {note}
  return
}
func.func @oilist(%a: i32, %f: f32) {
  testfmt.oilist
  testfmt.oilist nowait
  testfmt.oilist lower = 1 upper = 3 nowait step(%f : f32) depend(%a, %a)
  testfmt.oilist depend(%a) step(%a : i32) nowait upper = -3 lower = 0
  testfmt.oilist upper = 5 depend()
  testfmt.oilist step(%f : f32) {note}
  return
}
func.func @attribute_anchors() {
  testfmt.attr_anchor
  testfmt.attr_anchor @s #testfmt<shape circle> shaped 3 times "n"
  testfmt.attr_anchor @s
  testfmt.attr_anchor @"odd name" #testfmt<shape square> shaped
  testfmt.attr_anchor #testfmt<shape square> shaped -4 times
  testfmt.attr_anchor #testfmt<shape circle> shaped 0 times "" {x}
  return
}
