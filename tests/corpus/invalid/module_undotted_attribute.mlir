// builtin.module attributes must have dialect-prefixed names.
module attributes {a = 1 : i32} {
  "t.x"() : () -> ()
}
