// Tokens after the last operation.
"t.op"() : () -> ()
}
