// Variadic and optional operands and results: single groups, segment
// sizes for several groups (empty, absent, present), variadic type lists
// anchoring groups, and variadic-of-variadic operands.
func.func @variadic(%a: i32, %b: i64, %i: index, %f: f32) {
  %v:2 = testfmt.variadic(%a, %b) : i32, i64 -> f32, f64
  testfmt.variadic(%a) : i32 -> i1
  %w:3 = testfmt.variadic(%a, %a, %f) {x} : i32, i32, f32 -> i1, i1, i1
  return
}
func.func @optional(%a: i32, %b: i64) {
  %o = testfmt.optional_operand %b, %a : i32 -> f32
  testfmt.optional_operand %b
  testfmt.optional_operand %b, %b : i64
  %p = testfmt.optional_operand %b -> index
  return
}
func.func @segments(%a: i32, %b: i64, %i: index, %f: f32) {
  %s:3 = testfmt.segments %i [%a, %a] [%f] : f32 -> i1 to f32, f64
  testfmt.segments [] []
  testfmt.segments %i [] []
  %t = testfmt.segments [%a] [%b, %f] : i64, f32 -> i1
  %u:2 = testfmt.segments [] [] to i8, i16
  testfmt.segments [%a, %a, %a] [] {note}
  return
}
func.func @groups(%a: i32, %b: i64, %f: f32) {
  testfmt.groups (%a, %b), (), (%f) : (i32, i64), (), (f32)
  testfmt.groups  :
  testfmt.groups () : ()
  testfmt.groups (%a) {note} : (i32)
  testfmt.int_groups %b, [(%b), (%b, %b)]
  testfmt.int_groups %b, []
  testfmt.int_groups %b, [(), ()]
  return
}
