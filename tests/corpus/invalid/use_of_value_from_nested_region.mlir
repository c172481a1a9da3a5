// A region may not be attached to an op that then uses a value from the region.
"t.outer"(%inner) ({
  %inner = "t.def"() : () -> i32
}) : (i32) -> ()
