"t.opaque"() {a = !foo<"anything goes here">, b = !foo<"with \"quotes\" inside">, c = !bar<"">} : () -> ()
"t.pretty"() {a = !foo.bar, b = !foo.bar<1, 2>, c = !foo.baz<i32, [x, y], {k = v}>, d = !foo.nested<(a<b>)[c]{d}>, e = !foo.sym<@s, "str", 1.5>} : () -> !foo.res
%0 = "t.make"() : () -> !foo.value<f32>
"t.use"(%0) : (!foo.value<f32>) -> tensor<4x!foo.elt>
