// The first slice's constructs: nested ops, constraints, NativeCodeCall,
// several result patterns, `__N` results, benefits.
func.func @transposes(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = "drrt.transpose"(%x) : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %1 = "drrt.transpose"(%0) : (tensor<3x2xf64>) -> tensor<2x3xf64>
  return %1 : tensor<2x3xf64>
}
func.func @reshapes(%x: tensor<6xf64>) -> (tensor<3x2xf64>, tensor<6xf64>) {
  %0 = "drrt.reshape"(%x) : (tensor<6xf64>) -> tensor<2x3xf64> loc("r0")
  %1 = "drrt.reshape"(%0) : (tensor<2x3xf64>) -> tensor<3x2xf64> loc("r1")
  %2 = "drrt.reshape"(%x) : (tensor<6xf64>) -> tensor<6xf64>
  return %1, %2 : tensor<3x2xf64>, tensor<6xf64>
}
func.func @reshape_constant() -> tensor<3x2xf64> {
  %0 = "drrt.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf64>}> : () -> tensor<6xf64> loc("c")
  %1 = "drrt.reshape"(%0) : (tensor<6xf64>) -> tensor<3x2xf64> loc("r")
  return %1 : tensor<3x2xf64>
}
func.func @add_neg(%x: f32, %y: f32, %a: f64, %b: f64) -> (f32, f64) {
  %0 = "drrt.neg"(%y) : (f32) -> f32 loc("n")
  %1 = "drrt.add"(%x, %0) : (f32, f32) -> f32 loc("a")
  %2 = "drrt.neg"(%b) : (f64) -> f64
  %3 = "drrt.add"(%a, %2) : (f64, f64) -> f64
  return %1, %3 : f32, f64
}
func.func @quad_i32(%x: i32) -> i32 {
  %0 = "drrt.quad"(%x) : (i32) -> i32 loc("q")
  return %0 : i32
}
func.func @pairs(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0:2 = "drrt.pair"(%a, %b) : (i32, i32) -> (i32, i32)
  %1:2 = "drrt.pair"(%a, %a) : (i32, i32) -> (i32, i32)
  %2 = "drrt.id"(%1#1) : (i32) -> i32
  return %0#0, %0#1, %2 : i32, i32, i32
}
func.func @negs(%x: i32) -> i32 {
  %0 = "drrt.neg"(%x) : (i32) -> i32
  %1 = "drrt.neg"(%0) : (i32) -> i32
  return %1 : i32
}
