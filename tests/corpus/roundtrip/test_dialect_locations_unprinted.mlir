// Without debug info the locations of `test.attr_with_loc` do not print,
// yet every one of them, written or implied, still gets its `#loc` alias
// at the top of the file (mlir-opt's alias pass counts what the custom
// printer would print); a test dialect location among them as well.

func.func @unprinted() {
  test.attr_with_loc("a" loc("a.mlir":1:2))
  test.attr_with_loc("b")
  test.attr_with_loc("c" loc(#test.custom_location<"c.mlir" * 3>))
  test.attr_with_loc("d" loc(callsite("d" at "e.mlir":4:5)))
  "t.keep"() {where = #test.custom_location<"f.mlir" * 6>} : () -> ()
  return
}
