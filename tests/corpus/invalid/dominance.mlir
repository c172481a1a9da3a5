// In an SSACFG region (func.func) a use must be dominated by its definition.
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "t.use"(%0) : (i32) -> ()
  %0 = "t.def"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
