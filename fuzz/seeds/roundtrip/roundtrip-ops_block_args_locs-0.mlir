"t.func"() ({
^bb0(%a: i32 loc("arg_a.c":1:1), %b: f32 loc("arg_b"), %c: index):
  "t.use"(%a, %b, %c) : (i32, f32, index) -> () loc("use.c":2:2)
  "t.br"()[^bb1] : () -> () loc("br.c":3:3)
^bb1(%d: i64 loc(unknown)):
  "t.ret"(%d) : (i64) -> () loc("ret.c":4:4)
}) : () -> () loc("func.c":0:1)
