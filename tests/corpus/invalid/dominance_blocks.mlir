// A value defined in one branch is used in a block the other branch reaches.
"func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%c: i1):
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %v = "t.def"() : () -> i32
  "cf.br"()[^bb2] : () -> ()
^bb2:
  "t.use"(%v) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
