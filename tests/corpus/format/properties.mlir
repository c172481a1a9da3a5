// Properties of Properties.td as format variables, written as upstream's
// property parsers read them: an EnumProp as its case keyword (a string
// when the case is not a keyword), a UnitProp as `unit` / `unit_absent`,
// integers, a BoolProp as `true` / `false` (its integer parser also reads
// `1` / `0`), strings, an ArrayProp of integers as `[1, 2]`, an
// OptionalProp as `none` or its value; default-valued and unit properties anchoring
// optional groups; an optional group led by its region, absent and
// present (an empty region `{}` does not make it present: upstream's
// parser then does not read `done`).
func.func @kinds() {
  testfmt.prop_kinds red unit 1 2 "t" [1, 2, 3] none 3
  testfmt.prop_kinds "dashed-blue" unit_absent -1 -9223372036854775808 "" [] 5 7 {note}
  testfmt.prop_kinds green unit 2147483647 0 "\22q\22" [-4] -6 -1
  return
}
func.func @booleans() {
  testfmt.prop_bool true
  testfmt.prop_bool false {note}
  return
}
func.func @groups() {
  testfmt.prop_groups
  testfmt.prop_groups color green
  testfmt.prop_groups flag
  testfmt.prop_groups color "dashed-blue" flag {note}
  return
}
func.func @region_led() {
  testfmt.region_led
  testfmt.region_led {
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  } done {note}
  return
}
