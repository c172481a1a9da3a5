// ARGS: --convert-cf-to-llvm
// Branches become LLVM branches; a destination block's arguments are
// converted (index to i64) the first time a branch to it is lowered, and
// the values it passes are cast. The entry block of a func.func keeps its
// arguments: only cf ops are converted.

func.func @loop(%n: index, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  cf.br ^header(%c0, %init : index, i32)
^header(%i: index, %acc: i32):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%acc : i32), ^body {branch_weights = array<i32: 1, 99>}
^body:
  %c1 = arith.constant 1 : index
  %next = arith.addi %i, %c1 : index
  %acc2 = arith.addi %acc, %init : i32
  cf.br ^header(%next, %acc2 : index, i32)
^exit(%r: i32):
  return %r : i32
}

func.func @switch(%flag: i32, %v: f32, %k: index) -> f32 {
  cf.switch %flag : i32, [
    default: ^other(%k : index),
    0: ^zero(%v : f32),
    7: ^zero(%v : f32),
    -3: ^other(%k : index)
  ]
^zero(%z: f32):
  return %z : f32
^other(%o: index):
  %f = arith.constant 0.0 : f32
  return %f : f32
}

func.func @empty_switch(%flag: i64) {
  cf.switch %flag : i64, [
    default: ^done
  ]
^done:
  return
}

func.func @attrs_kept(%c: i1) {
  cf.cond_br %c, ^a, ^b {hint = "kept"}
^a:
  cf.br ^b {note = 1 : i32}
^b:
  return
}
