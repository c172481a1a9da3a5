func.func @public(%x: i32) -> i32 {
  %0 = func.call @used(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @used(%x: i32) -> i32 {
  %0 = func.call @chain(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @chain(%x: i32) -> i32 {
  return %x : i32
}
func.func private @unused(%x: i32) -> i32 {
  %0 = func.call @only_from_unused(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @only_from_unused(%x: i32) -> i32 {
  return %x : i32
}
func.func private @declaration(i32) -> i32
func.func private @self_recursive(%x: i32) -> i32 {
  %0 = func.call @self_recursive(%x) : (i32) -> i32
  return %0 : i32
}
func.func nested @nested_visibility() {
  return
}
