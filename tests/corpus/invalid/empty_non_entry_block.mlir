// A block other than a lone entry block must hold at least its terminator. Found by differential fuzzing.
"t.region"() ({
  "t.br"()[^bb1] : () -> ()
^bb1:
}) : () -> ()
