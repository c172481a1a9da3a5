// Two operands but the function type lists one.
%0 = "t.def"() : () -> i32
"t.use"(%0, %0) : (i32) -> ()
