// %x#3 on an op with two results.
%x:2 = "t.def"() : () -> (i32, i32)
"t.use"(%x#3) : (i32) -> ()
