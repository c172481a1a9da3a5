// Dialect attributes in a format: `$x` of an AttrDef prints it stripped of
// `#testfmt.pair`, `qualified($x)` whole; the qualified form is read where
// the stripped one is printed.
func.func @def_attrs() {
  testfmt.def_attrs <1, 2>, #testfmt.pair<3, 4>
  testfmt.def_attrs #testfmt.pair<-5, 0>, #testfmt.pair<6, 7> {note}
  return
}
