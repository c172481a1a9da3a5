// %x:2 names two results but the op type has three.
%x:2 = "t.def"() : () -> (i32, i32, i32)
