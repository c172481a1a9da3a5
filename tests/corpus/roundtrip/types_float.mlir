// Every builtin float kind, as types and as result types.
"t.ieee"() {a = f16, b = f32, c = f64, d = f80, e = f128} : () -> ()
"t.ml"() {a = bf16, b = tf32} : () -> ()
"t.f8"() {a = f8E5M2, b = f8E4M3, c = f8E4M3FN, d = f8E5M2FNUZ, e = f8E4M3FNUZ, f = f8E4M3B11FNUZ, g = f8E3M4, h = f8E8M0FNU} : () -> ()
"t.f6f4"() {a = f6E2M3FN, b = f6E3M2FN, c = f4E2M1FN} : () -> ()
%0:5 = "t.floats"() : () -> (f16, bf16, f80, f128, f8E4M3FN)
"t.use"(%0#0, %0#4) : (f16, f8E4M3FN) -> ()
