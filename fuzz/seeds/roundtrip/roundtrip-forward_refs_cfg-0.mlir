"t.body"() ({
  "t.br"()[^later] : () -> ()
^middle(%m: i32):
  "t.use"(%m) : (i32) -> ()
  "t.br"()[^end] : () -> ()
^later:
  %v = "t.def"() : () -> i32
  "t.br"(%v)[^middle] : (i32) -> ()
^end:
  "t.ret"() : () -> ()
}) : () -> ()
