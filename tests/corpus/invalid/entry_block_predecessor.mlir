// The entry block of a region may not be a branch target.
"t.region"() ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) : () -> ()
