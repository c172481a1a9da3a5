// Generic-form corners: parenthesised single result, empty attribute dictionaries, escaped op names.
%0 = "t.a"() : () -> (i32)
"t.r"() ({
^bb0(%a: i32):
}, {
}) {} : () -> ()
"t.b"() <{}> {} : () -> ()
"t.q"() {a = @"0abc", d = 0x8000000000000000 : i64, e = 0xFFF0000000000000 : f64, f = memref<4xf32, 5 : i32>, g = tensor<4xf32, #foo<"x">>, i = vector<[4]x[4]xi1>} : () -> ()
"t.op\22q"() : () -> ()
"t.\E2\98\83"() : () -> ()
"t.use"(%0) : (i32) -> ()
