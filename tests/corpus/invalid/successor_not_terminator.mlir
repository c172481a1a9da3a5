// A successor on an op that is not the last in its block.
"t.region"() ({
  "t.br"()[^bb1] : () -> ()
  "t.after"() : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()
