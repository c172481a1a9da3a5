// A use of a value that is never defined.
"t.region"() ({
  "t.use"(%nope) : (i32) -> ()
}) : () -> ()
