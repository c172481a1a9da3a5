// Literals and spacing: keywords (with `_` and `.`), every punctuation
// literal, the spacing literals ` `, `` and `\n`, punctuation next to
// variables.
func.func @literals(%a: i32, %b: i64) {
  testfmt.keywords first second _under_score dotted.word
  testfmt.keywords first second _under_score dotted.word {note = "with attributes"}
  testfmt.punctuation ( ) [ ] { } < > , : = ? + - * -> ...
  testfmt.punctuation() [] {} <>, : = ? + - * -> ... {x}
  testfmt.spacing(%a) glued, tail next line
  testfmt.spacing( %a )glued , tail
    next line {y = 1 : i64}
  testfmt.arrow<%a> -> [%b] ...
  testfmt.arrow < %a > -> [ %b ] ... {z}
  return
}
