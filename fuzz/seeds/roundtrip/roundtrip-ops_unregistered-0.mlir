"foo.bar"() : () -> ()
"a.b.c.d"() : () -> ()
"no_dialect"() : () -> ()
"x.with-dash"() : () -> ()
"x.$dollar"() : () -> ()
"some.op"() {attr = 1 : i32} : () -> i32
"another.dialect_op"() ({
  "another.terminator_free"() : () -> ()
}) : () -> ()
"t.op_with_fn_type"() {sig = (i32) -> ()} : () -> ()
