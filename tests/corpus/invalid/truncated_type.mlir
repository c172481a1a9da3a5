// The input ends inside a function type.
"t.op"() : () ->
