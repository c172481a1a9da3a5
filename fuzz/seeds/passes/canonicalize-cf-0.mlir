func.func private @use(i32)
func.func private @use_i1(i1)
func.func private @cond() -> i1
func.func private @flag() -> i32

func.func @assert_true(%c: i1) {
  %t = arith.constant true
  cf.assert %t, "always holds"
  cf.assert %c, "may fail"
  return
}

func.func @assert_false() {
  %f = arith.constant false
  cf.assert %f, "never holds"
  return
}

func.func @br_single_pred(%x: i32) -> i32 {
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  %b = arith.addi %a, %a : i32
  cf.br ^bb2(%b : i32)
^bb2(%r: i32):
  return %r : i32
}

func.func @br_pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @use(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
^bb3(%a: i32):
  cf.br ^bb4(%a, %y : i32, i32)
^bb2:
  call @use(%y) : (i32) -> ()
  cf.br ^bb4(%y, %x : i32, i32)
^bb4(%p: i32, %q: i32):
  %s = arith.addi %p, %q : i32
  return %s : i32
}

func.func @infinite_loop() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}

func.func @cond_br_const(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  return %a : i32
^bb2(%b: i32):
  return %b : i32
}

func.func @cond_br_const_false(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  return %a : i32
^bb2(%b: i32):
  call @use(%b) : (i32) -> ()
  return %b : i32
}

func.func @cond_br_pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  call @use(%r) : (i32) -> ()
  return %r : i32
}

func.func @cond_br_same_target_same_operands(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  return %a : i32
}

func.func @cond_br_same_target_selects(%c: i1, %x: i32, %y: i32, %z: i64) -> i32 {
  cf.cond_br %c, ^bb1(%x, %z, %x : i32, i64, i32), ^bb1(%y, %z, %x : i32, i64, i32)
^bb1(%a: i32, %b: i64, %d: i32):
  %t = arith.trunci %b : i64 to i32
  %s = arith.addi %a, %t : i32
  %u = arith.addi %s, %d : i32
  return %u : i32
}

func.func @cond_br_same_target_other_pred(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.br ^bb1
^bb1:
  %d = call @cond() : () -> i1
  cf.cond_br %d, ^bb2(%x : i32), ^bb3
^bb3:
  call @use(%y) : (i32) -> ()
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%y : i32)
^bb2(%a: i32):
  return %a : i32
}

func.func @cond_br_same_condition(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @use(%x) : (i32) -> ()
  cf.cond_br %c, ^bb3(%x : i32), ^bb4
^bb2:
  call @use(%y) : (i32) -> ()
  cf.cond_br %c, ^bb4, ^bb3(%y : i32)
^bb3(%a: i32):
  return %a : i32
^bb4:
  return %y : i32
}

func.func @truth_propagation(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @use_i1(%c) : (i1) -> ()
  %n = arith.xori %c, %c : i1
  call @use_i1(%n) : (i1) -> ()
  return
^bb2:
  call @use_i1(%c) : (i1) -> ()
  call @use_i1(%c) : (i1) -> ()
  return
}

func.func @truth_not_single_pred(%c: i1, %d: i1) {
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  call @use_i1(%c) : (i1) -> ()
  return
^bb3:
  call @use_i1(%c) : (i1) -> ()
  return
}

func.func @switch_only_default(%f: i32, %x: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}

func.func @switch_cases_like_default(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    3: ^bb1(%x : i32),
    5: ^bb1(%y : i32),
    7: ^bb2,
    9: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  call @use(%a) : (i32) -> ()
  return
^bb2:
  call @use(%y) : (i32) -> ()
  return
}

func.func @switch_const(%x: i32, %y: i32) {
  %c5 = arith.constant 5 : i32
  cf.switch %c5 : i32, [
    default: ^bb1(%x : i32),
    3: ^bb1(%y : i32),
    5: ^bb2
  ]
^bb1(%a: i32):
  call @use(%a) : (i32) -> ()
  return
^bb2:
  call @use(%y) : (i32) -> ()
  return
}

func.func @switch_const_default(%x: i32) {
  %c8 = arith.constant 8 : i32
  cf.switch %c8 : i32, [
    default: ^bb1,
    3: ^bb2(%x : i32)
  ]
^bb1:
  call @use(%x) : (i32) -> ()
  return
^bb2(%a: i32):
  call @use(%a) : (i32) -> ()
  return
}

func.func @switch_pass_through(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2(%x : i32),
    2: ^bb3
  ]
^bb1:
  cf.br ^bb4(%y : i32)
^bb2(%a: i32):
  cf.br ^bb4(%a : i32)
^bb3:
  call @use(%x) : (i32) -> ()
  return
^bb4(%r: i32):
  call @use(%r) : (i32) -> ()
  return
}

func.func @switch_from_switch(%f: i32, %x: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2,
    43: ^bb3
  ]
^bb1:
  call @use(%x) : (i32) -> ()
  return
^bb2:
  call @use(%f) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4,
    42: ^bb5
  ]
^bb3:
  call @use(%f) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb5,
    42: ^bb4
  ]
^bb4:
  call @use(%x) : (i32) -> ()
  return
^bb5:
  call @use(%f) : (i32) -> ()
  return
}

func.func @switch_from_default_switch(%f: i32, %x: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  call @use(%x) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  return
^bb3:
  call @use(%f) : (i32) -> ()
  return
^bb4:
  call @use(%x) : (i32) -> ()
  return
^bb5:
  return
}

func.func @weights_pass_through(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c weights([3, 5]), ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%x : i32)
^bb2:
  call @use(%y) : (i32) -> ()
  return
^bb3(%a: i32):
  call @use(%a) : (i32) -> ()
  return
}

func.func @weights_kept(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c weights([1, 9]), ^bb1, ^bb2
^bb1:
  call @use(%x) : (i32) -> ()
  return
^bb2:
  call @use(%y) : (i32) -> ()
  return
}

func.func @switch_small_flag(%f: i8, %x: i32) {
  cf.switch %f : i8, [
    default: ^bb1,
    -1: ^bb2(%x : i32),
    127: ^bb1,
    -128: ^bb3
  ]
^bb1:
  return
^bb2(%a: i32):
  call @use(%a) : (i32) -> ()
  return
^bb3:
  call @use(%x) : (i32) -> ()
  return
}

func.func @switch_const_negative(%x: i32) {
  %m = arith.constant -1 : i8
  cf.switch %m : i8, [
    default: ^bb1,
    -1: ^bb2(%x : i32)
  ]
^bb1:
  return
^bb2(%a: i32):
  call @use(%a) : (i32) -> ()
  return
}

func.func @merge_chain(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  %b = arith.addi %a, %c1 : i32
  cf.br ^bb2(%b, %a : i32, i32)
^bb2(%p: i32, %q: i32):
  %r = arith.muli %p, %q : i32
  call @use(%r) : (i32) -> ()
  cf.br ^bb3
^bb3:
  return %r : i32
}

func.func @loop_condition_reused(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0 : i32)
^loop(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  call @use(%i) : (i32) -> ()
  %next = arith.addi %i, %c1 : i32
  cf.cond_br %more, ^loop(%next : i32), ^exit
^exit:
  return
}

func.func @pass_through_self_args(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb1(%y, %x : i32, i32)
^bb1(%a: i32, %b: i32):
  cf.br ^bb2(%b, %a, %b : i32, i32, i32)
^bb2(%p: i32, %q: i32, %r: i32):
  %s = arith.subi %p, %q : i32
  %t = arith.addi %s, %r : i32
  return %t : i32
}
