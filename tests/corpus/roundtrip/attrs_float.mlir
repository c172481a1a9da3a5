// Float attributes: decimal, exponent, values that need hex, specials per kind.
"t.decimal"() {a = 1.5 : f32, b = -0.0 : f64, c = 1.0e10 : f64, d = 3.14159 : f32, e = 0.1 : f64, f = 1.0e-300 : f64, g = 2.5 : f16, h = 1.0, i = 123456789.0 : f64} : () -> ()
"t.roundtrip"() {a = 0.1 : f32, b = 1.0e-45 : f32, c = 3.4028234e38 : f32, d = 16777217.0 : f32, e = 0.3 : f16, f = 0.2 : bf16} : () -> ()
"t.hex"() {nan = 0x7FC00000 : f32, inf = 0x7F800000 : f32, ninf = 0xFF800000 : f32, snan = 0x7FF0000000000001 : f64, h = 0x7C00 : f16, b = 0x7F80 : bf16, neg_nan = 0xFFC00000 : f32} : () -> ()
"t.wide"() {a = 1.5 : f80, b = 0x7FFF8000000000000000 : f80, c = 2.0 : f128, d = 0x7FFF0000000000000000000000000000 : f128, e = 1.0e-4000 : f128, t = 1.25 : tf32} : () -> ()
"t.small"() {a = 1.5 : f8E5M2, b = 0x7F : f8E4M3FN, c = 0.5 : f8E4M3FNUZ, d = 2.0 : f8E8M0FNU, e = 1.0 : f6E2M3FN, f = 3.0 : f4E2M1FN, g = 0x80 : f8E5M2FNUZ, h = 0.125 : f8E3M4} : () -> ()
