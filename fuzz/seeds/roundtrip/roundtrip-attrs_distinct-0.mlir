"t.distinct"() {a = distinct[7]<42 : i32>, b = distinct[3]<"s">, c = distinct[7]<42 : i32>, d = distinct[0]<#t.id>} : () -> ()
"t.again"() {same_as_b = distinct[3]<"s">, e = distinct[9]<[]>} : () -> ()
