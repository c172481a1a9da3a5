"t.use_early"(%late) : (i32) -> ()
%late = "t.def"() : () -> i32
"t.graph"() ({
  %a = "t.node"(%b) : (f32) -> f32
  %b = "t.node"(%a) : (f32) -> f32
  %c = "t.self"(%c) : (i8) -> i8
}) : () -> ()
"t.forward_pack"(%pack#1) : (i16) -> ()
%pack:2 = "t.defs"() : () -> (i16, i16)
