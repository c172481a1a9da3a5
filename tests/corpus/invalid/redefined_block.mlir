// The same block label defined twice.
"t.region"() ({
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.x"() : () -> ()
^bb1:
  "t.y"() : () -> ()
}) : () -> ()
