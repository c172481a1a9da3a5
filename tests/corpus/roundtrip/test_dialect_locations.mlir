// ARGS: --allow-unregistered-dialect --mlir-print-debuginfo
// Locations of the test dialect (`#test.custom_location<"file" * line>`, a
// `LocationAttrDef`): as an op's and a block argument's location, nested in
// call sites, names and fusions, as attribute values and behind aliases;
// and `test.attr_with_loc`, whose custom form reads a location of its own
// (or takes the place of its `)`), printed with debug info only.

#here = #test.custom_location<"kept.mlir" * 12>
#plain = loc("plain.mlir":4:9)
func.func @dialect_locations(%a: i32 loc(#test.custom_location<"args.mlir" * 2>), %b: i32 loc(#here)) {
  %0 = "t.sum"(%a, %b) : (i32, i32) -> i32 loc(#test.custom_location<"ops.mlir" * 7>)
  "t.nested"() : () -> () loc(callsite(#test.custom_location<"callee.mlir" * 1> at "caller.mlir":3:5))
  "t.named"() : () -> () loc("outer"(#test.custom_location<"inner.mlir" * 40>))
  "t.fused"() : () -> () loc(fused<"why">[#here, #test.custom_location<"other.mlir" * 0>, unknown])
  "t.values"() {at = #test.custom_location<"value.mlir" * 5>, list = [loc(#here), #here]} : () -> () loc(#here)
  test.attr_with_loc("written" loc("given.mlir":8:1))
  test.attr_with_loc(17 : i16)
  test.attr_with_loc(unit loc(#test.custom_location<"inline.mlir" * 99>))
  test.attr_with_loc([1, 2] loc(#plain))
  test.attr_with_loc("nested" loc(fused[#here, "n.mlir":1:1]))
  return
}
