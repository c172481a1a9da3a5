// Type inference: buildable types, AllTypesMatch, TypesMatchWith,
// SameTypeOperands, SameOperandsAndResultType and InferTypeOpInterface
// (testfmt.infer's result is the tuple of its operand types).
func.func @inference(%a: i32, %b: i64, %f: f32, %t: tensor<4xf32>, %m: memref<2xi8>, %v: vector<3xindex>, %i: index) {
  %bb = testfmt.buildable %a, %i
  %am = testfmt.all_match %a, %a : i32
  %an = testfmt.all_match %t, %t : tensor<4xf32>
  %mw = testfmt.match_with %t : tensor<4xf32>
  %mx = testfmt.match_with %m : memref<2xi8>
  %my = testfmt.match_with %v : vector<3xindex>
  %so = testfmt.same_operands %a, %a : i32
  %sp = testfmt.same_operands %t, %t {note} : tensor<4xf32>
  %sa = testfmt.same_all %a, %a : i32
  %sb = testfmt.same_all %f, %f : f32
  %in = testfmt.infer %a, %f : i32, f32
  %io = testfmt.infer %t, %t : tensor<4xf32>, tensor<4xf32>
  return
}
