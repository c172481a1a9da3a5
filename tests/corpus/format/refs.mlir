// ref(...) arguments of custom directives (operands, regions, successors,
// the attribute dictionary), a custom directive that starts and anchors
// an optional group, and properties that start and anchor optional
// groups (tests/twin/testfmt.cpp has the C++ directives).
func.func @ref_operands(%a: i32, %b: i32, %c: i32) {
  testfmt.custom_ref_operands %a [] count 1
  testfmt.custom_ref_operands %a or %b [] count 2
  testfmt.custom_ref_operands %a [%b, %c] count 3
  testfmt.custom_ref_operands %a or %c [%b, %c, %a] count 5 {note}
  return
}
func.func @ref_regions() {
  testfmt.custom_ref_regions {
  } count 0
  testfmt.custom_ref_regions {
    testfmt.br ^bb1
  ^bb1:
    testfmt.br ^bb1
  } count 2
  testfmt.custom_ref_regions {
  } and {
  }, {
    testfmt.br ^bb1
  ^bb1:
    testfmt.br ^bb1
  } count 2 {note}
  return
}
func.func @ref_successors() {
  testfmt.custom_ref_successors ^bb1 [] count 1
^bb1:
  testfmt.custom_ref_successors ^bb2 [^bb1, ^bb2] count 3 {note}
^bb2:
  testfmt.custom_ref_successors ^bb1 [^bb2] count 2
}
func.func @ref_attr_dict() {
  testfmt.custom_ref_attr_dict count 0
  testfmt.custom_ref_attr_dict {a} count 1
  testfmt.custom_ref_attr_dict {a, b = 2 : i32} count 2
  return
}
func.func @custom_anchor(%a: i32) {
  testfmt.custom_anchor
  testfmt.custom_anchor use %a done
  testfmt.custom_anchor use times 3 done
  testfmt.custom_anchor use %a times -2 done {note}
  testfmt.custom_anchor use done
  return
}
func.func @prop_anchor() {
  testfmt.prop_anchor
  testfmt.prop_anchor 5 wide
  testfmt.prop_anchor -1 wide "y" named
  testfmt.prop_anchor "" named {note}
  testfmt.prop_anchor 3 wide "x" named
  return
}
