module @outer attributes {t.flag, t.version = 3 : i32} {
  module @inner {
    "t.op"() : () -> ()
  }
  module {
  }
  %0 = "t.src"() : () -> i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to f32
  %2:2 = builtin.unrealized_conversion_cast %1 : f32 to i8, i8
  "t.sink"(%2#0, %2#1) : (i8, i8) -> ()
}
