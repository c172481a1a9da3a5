// An unterminated block argument list.
"t.region"() ({
^bb0(%a: i32
  "t.x"() : () -> ()
}) : () -> ()
