// The same type alias defined twice.
!t = i32
!t = i64
"t.op"() : () -> ()
