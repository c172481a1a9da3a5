// A use whose type differs from the definition.
%0 = "t.def"() : () -> i32
"t.use"(%0) : (f32) -> ()
