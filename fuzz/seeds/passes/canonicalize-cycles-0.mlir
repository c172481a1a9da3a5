func.func private @a()
func.func private @b()

func.func @two_block_cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}

func.func @chain_then_return() -> i32 {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  %r = arith.constant 7 : i32
  return %r : i32
}

func.func @four_block_cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb1
}

func.func @late_cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb5
^bb5:
  cf.br ^bb3
}

func.func @self_loop_after_chain() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb2
}

func.func @cycle_after_cond(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb3
}

func.func @cycle_with_attrs(%c: i1) {
  cf.cond_br %c, ^bb6, ^bb7
^bb6:
  cf.br ^bb5 {tag = 6}
^bb5:
  cf.br ^bb1 {tag = 5}
^bb1:
  cf.br ^bb2 {tag = 1}
^bb2:
  cf.br ^bb3 {tag = 2}
^bb3:
  cf.br ^bb4 {tag = 3}
^bb4:
  cf.br ^bb1 {tag = 4}
^bb7:
  cf.br ^bb6
}

func.func @one_side_unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @a() : () -> ()
  return
^bb2:
  call @b() : () -> ()
  ub.unreachable
}

func.func @both_sides_unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @a() : () -> ()
  ub.unreachable
^bb2:
  call @b() : () -> ()
  ub.unreachable
}
