// Auxiliary result patterns: a bound op used by the replacing pattern, and
// a NativeCodeCallVoid run for its effect.
func.func @id_of_neg(%x: i32) -> i32 {
  %0 = "drrt.neg"(%x) : (i32) -> i32 loc("n")
  %1 = "drrt.id"(%0) : (i32) -> i32 loc("i")
  return %1 : i32
}
func.func @id_of_mark(%x: i32) -> i32 {
  %0 = "drrt.mark"(%x) : (i32) -> i32 loc("m")
  %1 = "drrt.id"(%0) : (i32) -> i32 loc("i")
  return %1 : i32
}
