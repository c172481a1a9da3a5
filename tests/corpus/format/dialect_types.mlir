// Dialect types in a format: `type(...)` of a dialect type prints it
// stripped of `!testfmt.box`, `qualified(type(...))` whole; the qualified
// form is read where the stripped one is printed.
func.func @dialect_types(%b: !testfmt.box<i32>, %c: !testfmt.box<f32>, %n: !testfmt.box<!testfmt.box<index>>) {
  %r = testfmt.dialect_types %b, %c : <i32>, !testfmt.box<f32> -> <i64>
  %q = testfmt.dialect_types %b, %b : !testfmt.box<i32>, !testfmt.box<i32> -> !testfmt.box<i1>
  %s = testfmt.dialect_types %n, %n {note} : <!testfmt.box<index>>, !testfmt.box<!testfmt.box<index>> -> <tensor<2xf32>>
  return
}
