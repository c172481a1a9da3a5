// ARGS: --convert-math-to-llvm=approximate-log1p=false
// Without approximate-log1p, math.log1p stays; the rest is lowered.
func.func @f(%x: f32) -> f32 {
  %0 = math.log1p %x : f32
  %1 = math.sqrt %0 : f32
  return %1 : f32
}
