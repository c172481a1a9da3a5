// Successors: one with operands in an optional group, the `successors`
// directive over a variadic list, and a fixed successor beside a
// variadic list in brackets.
func.func @branches(%a: i32, %c: i1) {
  testfmt.br ^bb1(%a : i32)
^bb1(%x: i32):
  testfmt.switch %a : ^bb2, ^bb3, ^bb1
^bb2:
  testfmt.cond %c, ^bb3 else [^bb2, ^bb3]
^bb3:
  testfmt.switch %a : ^bb4
^bb4:
  testfmt.cond %c, ^bb5 else [] {note}
^bb5:
  testfmt.br ^bb6(%a, %c : i32, i1)
^bb6(%y: i32, %z: i1):
  testfmt.br ^bb2 {note}
}
