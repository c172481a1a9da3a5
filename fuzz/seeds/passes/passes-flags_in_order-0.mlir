func.func private @maybe() -> i32

func.func @f(%n: index, %x: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ref = func.constant @maybe : () -> i32
  %x0 = arith.addf %x, %zero : f32
  %sq = arith.mulf %x0, %x : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
    %sq2 = arith.mulf %x, %x : f32
    %p = arith.addf %a, %sq2 : f32
    scf.yield %p : f32
  }
  %s = arith.addf %r, %sq : f32
  return %s : f32
}
