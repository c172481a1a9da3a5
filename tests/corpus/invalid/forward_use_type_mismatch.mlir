// A forward reference used with two different types.
"t.use"(%x) : (i32) -> ()
"t.use"(%x) : (i64) -> ()
%x = "t.def"() : () -> i32
