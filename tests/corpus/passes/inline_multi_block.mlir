// ARGS: --inline --split-input-file
// Callees of several blocks: the caller's block is split after the call,
// the body's blocks go between, each func.return becomes a cf.br to the
// continuation block, whose arguments replace the call's results.

func.func private @abs(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %x, %c0 : i32
  cf.cond_br %neg, ^negate, ^done
^negate:
  %n = arith.subi %c0, %x : i32
  return %n : i32
^done:
  return %x : i32
}

func.func @two_calls(%a: i32, %b: i32) -> i32 {
  %0 = call @abs(%a) : (i32) -> i32
  %1 = call @abs(%b) : (i32) -> i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// -----

func.func private @clamp(%x: f32, %lo: f32, %hi: f32) -> (f32, i1) {
  %below = arith.cmpf olt, %x, %lo : f32
  cf.cond_br %below, ^low, ^check_high
^low:
  %t = arith.constant true
  return %lo, %t : f32, i1
^check_high:
  %above = arith.cmpf ogt, %x, %hi : f32
  cf.cond_br %above, ^high, ^inside
^high:
  return %hi, %above : f32, i1
^inside:
  %f = arith.constant false
  return %x, %f : f32, i1
}

// Inside scf.if (a single-block region) the multi-block callee stays a
// call; at the function's top level it is inlined.
func.func @regions(%c: i1, %x: f32) -> (f32, f32) {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %r = scf.if %c -> f32 {
    %v, %w = func.call @clamp(%x, %lo, %hi) : (f32, f32, f32) -> (f32, i1)
    scf.yield %v : f32
  } else {
    scf.yield %x : f32
  }
  %v2, %w2 = call @clamp(%r, %lo, %hi) : (f32, f32, f32) -> (f32, i1)
  return %r, %v2 : f32, f32
}

// -----

func.func private @loop_sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%i: index, %acc: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %acc, %i : index
  %inc = arith.addi %i, %c1 : index
  cf.br ^head(%inc, %next : index, index)
^exit:
  return %acc : index
}

func.func @user(%n: index) -> index {
  %a = arith.constant 3 : index
  %s = call @loop_sum(%n) : (index) -> index
  %t = arith.muli %s, %a : index
  return %t : index
}
