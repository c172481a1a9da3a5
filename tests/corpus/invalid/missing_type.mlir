// The generic form requires a function type after the colon.
"t.op"()
