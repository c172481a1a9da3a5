%0:2 = "t.two"() : () -> (i32, f32)
%1:3 = "t.three"(%0#1, %0#0) : (f32, i32) -> (i1, i1, i1)
"t.use"(%1#2, %1#0, %1#1, %0#0) : (i1, i1, i1, i32) -> ()
%2 = "t.one"() : () -> index
%named = "t.named"(%2, %2, %2) : (index, index, index) -> i8
%x:2 = "t.pair"(%named) : (i8) -> (i8, i8)
"t.sink"(%x#0, %x#1) : (i8, i8) -> ()
%3:4 = "t.unused"() : () -> (i1, i2, i3, i4)
"t.partial"(%3#3) : (i4) -> ()
%single = "t.pack1"() : () -> i32
"t.none"() : () -> ()
