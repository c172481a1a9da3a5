"builtin.module"() ({
  %0 = "t.constant"() <{value = 42 : i32}> : () -> i32
  %1 = "t.addi"(%0, %0) : (i32, i32) -> i32
  "t.return"(%1) : (i32) -> ()
}) : () -> ()
