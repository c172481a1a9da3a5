// ARGS: --loop-invariant-code-motion
// An affine.for moves out of an enclosing loop when nothing in it depends
// on that loop and its step is 1 (it ends whatever its bounds are, so it
// may run speculatively); a loop with a larger step stays where it is.

func.func @unit_step_inner_loop_leaves(%n: index, %k: f32) {
  affine.for %outer = 0 to 8 {
    affine.for %inner = 0 to %n {
      %sum = arith.addf %k, %k : f32
    }
  }
  return
}

func.func @strided_inner_loop_stays(%n: index, %k: f32) {
  affine.for %outer = 0 to 8 {
    affine.for %inner = 0 to %n step 3 {
      %sum = arith.mulf %k, %k : f32
    }
  }
  return
}

func.func @inner_loop_using_outer_iv_stays(%k: f32) {
  affine.for %outer = 0 to 8 {
    affine.for %inner = 0 to affine_map<(d0) -> (d0 + 1)>(%outer) {
      %sum = arith.subf %k, %k : f32
    }
  }
  return
}
