// A branch to a block label that does not exist.
"t.region"() ({
  "t.br"()[^missing] : () -> ()
}) : () -> ()
