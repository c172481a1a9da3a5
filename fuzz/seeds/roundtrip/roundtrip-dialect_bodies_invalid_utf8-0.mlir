"t.a"() {t = !foo<"x��y">, u = !foo.bar<"x��y">, v = #foo<"a�">, w = #foo.baz<"�">} : () -> ()
