"t.none"() {n = none} : () -> none
"t.functions"() {a = () -> (), b = (i32) -> i64, c = (i32, f32) -> (i1, index), d = ((i32) -> i32) -> (() -> ()), e = (i8) -> ((i8) -> i8)} : () -> ()
"t.complex"() {a = complex<f32>, b = complex<f64>, c = complex<i32>, d = complex<bf16>} : () -> complex<f16>
"t.tuple"() {a = tuple<>, b = tuple<i32>, c = tuple<i32, f32, tuple<i1, tuple<>>>, d = tuple<complex<f32>, none>} : () -> tuple<i8, i8>
