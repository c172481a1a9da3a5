// A block argument name that shadows an existing value.
"t.region"() ({
^bb0(%a: i32, %a: i32):
  "t.x"() : () -> ()
}) : () -> ()
