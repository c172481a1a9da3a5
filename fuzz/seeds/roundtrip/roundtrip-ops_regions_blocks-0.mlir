"t.empty_region"() ({
}) : () -> ()
"t.two_regions"() ({
  "t.a"() : () -> ()
}, {
  "t.b"() : () -> ()
}) : () -> ()
"t.cfg"() ({
^bb0(%arg0: i32, %arg1: i1):
  "t.cond_br"(%arg1, %arg0)[^bb1, ^bb2] : (i1, i32) -> ()
^bb1:
  "t.br"(%arg0)[^bb3] : (i32) -> ()
^bb2:
  %0 = "t.def"() : () -> i32
  "t.br"(%0)[^bb3] : (i32) -> ()
^bb3(%1: i32):
  "t.return"(%1) : (i32) -> ()
}) : () -> ()
"t.entry_no_args"() ({
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.br"()[^bb1, ^bb1] : () -> ()
}) : () -> ()
"t.named_blocks"() ({
^entry:
  "t.br"()[^exit] : () -> ()
^exit:
  "t.end"() : () -> ()
}) : () -> ()
"t.nested"() ({
  "t.level1"() ({
    "t.level2"() ({
      %2 = "t.deep"() : () -> f32
      "t.use"(%2) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
