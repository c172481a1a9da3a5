// ARGS: --pass-pipeline=builtin.module(inline{default-pipeline=}) --split-input-file
// With an empty default pipeline nothing is simplified before or after
// inlining: the inlined ops keep their order and constants stay where
// the callee had them.

func.func private @poly(%x: f64) -> f64 {
  %c2 = arith.constant 2.0 : f64
  %c3 = arith.constant 3.0 : f64
  %sq = arith.mulf %x, %x : f64
  %a = arith.mulf %sq, %c2 : f64
  %b = arith.addf %a, %c3 : f64
  %z = arith.constant 0.0 : f64
  %r = arith.addf %b, %z : f64
  return %r : f64
}

func.func @eval(%x: f64, %y: f64) -> f64 {
  %0 = call @poly(%x) : (f64) -> f64
  %1 = call @poly(%y) : (f64) -> f64
  %2 = arith.addf %0, %1 : f64
  %u = ub.poison : f64
  %3 = math.absf %2 : f64
  return %3 : f64
}
