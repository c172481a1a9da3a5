// A branch passes an i32 to a block argument that was used as f32 before it was defined.
"t.region"() ({
  "t.br"(%a)[^bb1] : (f32) -> ()
^bb1(%a: i32):
  "t.end"() : () -> ()
}) : () -> ()
