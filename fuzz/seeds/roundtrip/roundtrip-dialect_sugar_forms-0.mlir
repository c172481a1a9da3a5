"t.attrs"() {a = #foo<dense>, b = #foo., c = #foo.<[1, 2]>, d = #foo<"dense">, e = #foo<<x>>, f = #foo<1 : i32>, g = #foo. : i32} : () -> ()
"t.types"() {a = !foo<i8>, b = !foo., c = tensor<4x!cplx<i8>>, d = !foo.<x>} : () -> ()
