// A pure property and a discardable attribute of the same name: both are
// kept, the property shown by the format (or the prop-dict), the
// attribute in the attr-dict (issue 18: the attribute was dropped).
func.func @same_name() {
  testfmt.prop_vars 1, "x" {cookie = 5 : i64}
  testfmt.prop_vars 2, "y" {cookie = 7 : i64, label = 3 : i32}
  testfmt.prop_dict 1 <{label = "z"}> {cookie = 9 : i64}
  return
}
