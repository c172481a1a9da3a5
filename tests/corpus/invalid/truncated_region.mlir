// The input ends inside a region.
"t.op"() ({
  "t.inner"() : () -> ()
