// Directives: `operands`, `results` and `functional-type` (empty and
// not), `type(operands)` / `type(results)`, `qualified(type(...))` of
// builtin types (dialect types are in dialect_types.mlir),
// `prop-dict` beside a property variable, and properties as variables.
func.func @types(%a: i32, %b: i64, %f: f32) {
  %ft:2 = testfmt.functional_type %a, %b : (i32, i64) -> (f32, f64)
  testfmt.functional_type : () -> ()
  %one = testfmt.functional_type %f : (f32) -> i1
  %fv = testfmt.functional_vars %a : (i32) -> f32
  %fw = testfmt.functional_vars %f {x} : (f32) -> (i1)
  %tl:2 = testfmt.type_lists(%a, %b, %f) : i32, i64, f32 -> f32, f64
  %tm = testfmt.type_lists(%a) : i32 -> index
  testfmt.qualified_type %a, %b : i32, i64
  testfmt.qualified_type %f, %f {y} : f32, f32
  return
}
func.func @props() {
  testfmt.prop_dict 7 <{label = "x"}>
  testfmt.prop_dict -1 <{label = "", limit = 5 : i64, tuning = 4 : i32}>
  testfmt.prop_dict 0 <{label = "x", tuning = 3 : i32}> {other}
  testfmt.prop_vars 7, "x" limit 9
  testfmt.prop_vars -7, "" {note}
  return
}
