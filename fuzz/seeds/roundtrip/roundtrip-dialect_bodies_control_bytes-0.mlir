"t.a"() {a = !foo.bar<>, b = !foo.bar<�>, c = #foo.baz<xy>, d = #foo<r>} : () -> ()
