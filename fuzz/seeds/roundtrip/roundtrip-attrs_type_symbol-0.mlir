"t.types"() {a = i32, b = tensor<4xf32>, c = () -> (), d = !t.thing, e = memref<?xf32>, f = [f16, index]} : () -> ()
"t.symbols"() {flat = @foo, nested = @outer::@inner, deep = @a::@b::@c::@d, quoted = @"with space", qnested = @"a b"::@"c\"d", digits = @sym123, dollar = @a$b, dots = @a.b.c} : () -> ()
"t.symbol_list"() {callees = [@f, @g::@h]} : () -> ()
