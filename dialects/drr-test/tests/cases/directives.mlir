// `returnType` and `location` in result patterns.
func.func @quad_f64(%x: f64) -> f64 {
  %0 = "drrt.quad"(%x) : (f64) -> f64 loc("quad")
  return %0 : f64
}
func.func @quad_f32(%x: f32) -> f32 {
  %0 = "drrt.quad"(%x) : (f32) -> f32 loc("quad32")
  return %0 : f32
}
func.func @sub_of_negs(%x: i32, %y: i32) -> i32 {
  %0 = "drrt.neg"(%x) : (i32) -> i32 loc("nx")
  %1 = "drrt.neg"(%y) : (i32) -> i32 loc("ny")
  %2 = "drrt.sub"(%0, %1) : (i32, i32) -> i32 loc("sub")
  return %2 : i32
}
func.func @mark_of_neg(%x: i32) -> i32 {
  %0 = "drrt.neg"(%x) : (i32) -> i32 loc("n")
  %1 = "drrt.mark"(%0) : (i32) -> i32 loc("m")
  return %1 : i32
}
