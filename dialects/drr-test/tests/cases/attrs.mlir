// Attribute matchers and builders: `ConstantAttr` in a source and in a
// result, typed attribute bindings under a two-entity constraint.
func.func @scale_by_one(%x: i32) -> i32 {
  %0 = "drrt.scale"(%x) <{factor = 1 : i64}> : (i32) -> i32 loc("s1")
  return %0 : i32
}
func.func @scale_by_zero(%x: i32) -> i32 {
  %0 = "drrt.scale"(%x) <{factor = 0 : i64}> : (i32) -> i32 loc("s0")
  return %0 : i32
}
func.func @scale_by_three(%x: i32) -> i32 {
  %0 = "drrt.scale"(%x) <{factor = 3 : i64}> : (i32) -> i32 loc("s3")
  return %0 : i32
}
func.func @scale_of_scale_same(%x: f32) -> f32 {
  %0 = "drrt.scale"(%x) <{factor = 3 : i64}> : (f32) -> f32 loc("inner")
  %1 = "drrt.scale"(%0) <{factor = 3 : i64}> : (f32) -> f32 loc("outer")
  return %1 : f32
}
func.func @scale_of_scale_other(%x: f32) -> f32 {
  %0 = "drrt.scale"(%x) <{factor = 3 : i64}> : (f32) -> f32
  %1 = "drrt.scale"(%0) <{factor = 4 : i64}> : (f32) -> f32
  return %1 : f32
}
func.func @scale_of_scale_by_one(%x: f32) -> f32 {
  %0 = "drrt.scale"(%x) <{factor = 1 : i64}> : (f32) -> f32
  %1 = "drrt.scale"(%0) <{factor = 1 : i64}> : (f32) -> f32
  return %1 : f32
}
