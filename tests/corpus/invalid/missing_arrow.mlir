// An op type with no arrow.
"t.op"() : (i32)
"t.next"() : () -> ()
