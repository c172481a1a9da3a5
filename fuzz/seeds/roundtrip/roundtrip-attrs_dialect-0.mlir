"t.opaque"() {a = #foo<"anything">, b = #foo<"q\"uote">, c = #bar<"">} : () -> ()
"t.pretty"() {a = #foo.bar, b = #foo.bar<1>, c = #foo.baz<[1, 2], {k = v}, "s">, d = #foo.nested<<a>(b)[c]{d}>, e = #foo.attr : i32} : () -> ()
"t.inside"() {list = [#foo.a, #foo.b<x>], dict = {k = #foo.c}, ty = tensor<4xf32, #foo.enc<dense>>} : () -> ()
