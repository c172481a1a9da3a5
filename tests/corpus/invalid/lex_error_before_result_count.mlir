// After an op, mlir-opt looks ahead for a trailing loc(...) before it checks the result count,
// so a lexing error on the next line is reported first. Found by differential fuzzing.
%0 = "t.a"() : () -> ()
"t.unterminated
