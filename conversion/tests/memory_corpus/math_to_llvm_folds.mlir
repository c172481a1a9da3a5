// ARGS: --convert-math-to-llvm
// Unfolded math input: an op on constants folds before it is converted,
// but the arith.constant the fold builds has no pattern in this pass, so
// the fold is undone and the op lowers to its intrinsic, as mlir-opt-22
// does; math.absf(math.absf) has no fold (no Idempotent trait upstream).

func.func @constants(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %c4 = arith.constant 4.0 : f32
  %m2 = arith.constant -2.5 : f32
  %c2 = arith.constant 2.0 : f32
  %0 = math.sqrt %c4 : f32
  %1 = math.absf %m2 : f32
  %2 = math.floor %m2 : f32
  %3 = math.powf %c4, %c2 : f32
  %4 = math.copysign %c4, %m2 : f32
  %5 = math.exp2 %c2 : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @integers(%i: i32) -> (i32, i32, i32, i32) {
  %c = arith.constant 12 : i32
  %m = arith.constant -7 : i32
  %0 = math.ctlz %c : i32
  %1 = math.absi %m : i32
  %2 = math.ctpop %c : i32
  %3 = math.absi %i : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @not_constant(%x: f32, %y: f32) -> (f32, f32) {
  %a = math.absf %x : f32
  %0 = math.absf %a : f32
  %1 = math.fma %x, %y, %a : f32
  return %0, %1 : f32, f32
}
