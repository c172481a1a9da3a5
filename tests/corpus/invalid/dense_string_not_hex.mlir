// A dense string literal for an integer tensor must be hex (0x...). Found by differential fuzzing.
"t.a"() {a = dense<"xyz"> : tensor<2xi8>} : () -> ()
