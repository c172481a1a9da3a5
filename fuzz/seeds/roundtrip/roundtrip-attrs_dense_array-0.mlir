"t.ints"() {a = array<i32>, b = array<i32: 1, 2, 3>, c = array<i8: -128, 127>, d = array<i64: 9223372036854775807>, e = array<i16: 0>, f = array<i1: true, false>} : () -> ()
"t.floats"() {a = array<f32: 1.5, -2.0>, b = array<f64: 0.1>, c = array<f32>, d = array<f64: 1.0e300, -0.0>} : () -> ()
"t.in_dict"() {nested = {sizes = array<i64: 1, 1, 4>}, list = [array<i32: 1>, array<i32>]} : () -> ()
