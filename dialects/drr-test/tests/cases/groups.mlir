// `either`, `variadic`, ops with optional and variadic operands, and a
// supplemental pattern.
func.func @mul_of_negs(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.neg"(%a) : (i32) -> i32 loc("na")
  %1 = "drrt.neg"(%b) : (i32) -> i32 loc("nb")
  %2 = "drrt.mul"(%0, %1) : (i32, i32) -> i32 loc("m")
  return %2 : i32
}
func.func @mul_of_neg_rhs_first(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.neg"(%a) : (i32) -> i32 loc("na")
  %1 = "drrt.mul"(%0, %b) : (i32, i32) -> i32 loc("m")
  return %1 : i32
}
func.func @mul_plain(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.mul"(%a, %b) : (i32, i32) -> i32
  return %0 : i32
}
func.func @sum_of_neg(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.neg"(%b) : (i32) -> i32 loc("nb")
  %1 = "drrt.sum"(%a, %0) : (i32, i32) -> i32 loc("s")
  return %1 : i32
}
func.func @sum_of_neg_first(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.neg"(%b) : (i32) -> i32
  %1 = "drrt.sum"(%0, %a) : (i32, i32) -> i32
  return %1 : i32
}
func.func @sum_of_three_marked(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = "drrt.sum"(%a, %b, %c) : (i32, i32, i32) -> i32 loc("s")
  %1 = "drrt.mark"(%0) : (i32) -> i32 loc("k")
  return %1 : i32
}
func.func @sum_of_two_marked(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.sum"(%a, %b) : (i32, i32) -> i32
  %1 = "drrt.mark"(%0) : (i32) -> i32
  return %1 : i32
}
func.func @wrap_of_sum(%a: i32, %b: i32, %c: i32) -> i32 {
  %0 = "drrt.sum"(%a, %b, %c) : (i32, i32, i32) -> i32 loc("s")
  %1 = "drrt.wrap"(%0) : (i32) -> i32 loc("w")
  return %1 : i32
}
func.func @wrap_of_empty_sum() -> i32 {
  %0 = "drrt.sum"() : () -> i32
  %1 = "drrt.wrap"(%0) : (i32) -> i32
  return %1 : i32
}
func.func @wrap_of_select(%a: i32, %b: i32) -> i32 {
  %0 = "drrt.select"(%a, %b) : (i32, i32) -> i32 loc("s")
  %1 = "drrt.wrap"(%0) : (i32) -> i32 loc("w")
  return %1 : i32
}
func.func @wrap_of_neg(%a: i32) -> i32 {
  %0 = "drrt.neg"(%a) : (i32) -> i32 loc("n")
  %1 = "drrt.wrap"(%0) : (i32) -> i32 loc("w")
  return %1 : i32
}
