func.func private @use(i32)
func.func private @cond() -> i1
func.func private @flag() -> i32

func.func @unreachable(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %y = arith.addi %x, %x : i32
  cf.br ^bb2(%y : i32)
^bb2(%a: i32):
  call @use(%a) : (i32) -> ()
  cf.br ^bb1
}

func.func @dead_args(%x: i32, %y: i64) {
  %c = call @cond() : () -> i1
  cf.cond_br %c, ^bb1(%x, %y : i32, i64), ^bb2(%y, %x : i64, i32)
^bb1(%a: i32, %b: i64):
  call @use(%a) : (i32) -> ()
  cf.br ^bb3(%b : i64)
^bb2(%p: i64, %q: i32):
  call @use(%q) : (i32) -> ()
  cf.br ^bb3(%p : i64)
^bb3(%r: i64):
  return
}

func.func @dead_cycle(%x: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %x, %c0 : i32, i32, i32)
^loop(%i: i32, %acc: i32, %junk: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit(%acc : i32)
^body:
  %next = arith.addi %i, %c1 : i32
  %acc2 = arith.muli %acc, %x : i32
  %junk2 = arith.addi %junk, %acc2 : i32
  call @use(%acc2) : (i32) -> ()
  cf.br ^loop(%next, %acc2, %junk2 : i32, i32, i32)
^exit(%r: i32):
  return %r : i32
}

func.func @dead_switch_args(%x: i32, %y: i32) {
  %f = call @flag() : () -> i32
  cf.switch %f : i32, [
    default: ^bb1(%x, %y : i32, i32),
    1: ^bb2(%y, %x, %y : i32, i32, i32),
    2: ^bb3(%x : i32)
  ]
^bb1(%a: i32, %b: i32):
  call @use(%b) : (i32) -> ()
  return
^bb2(%p: i32, %q: i32, %r: i32):
  call @use(%q) : (i32) -> ()
  return
^bb3(%s: i32):
  call @use(%x) : (i32) -> ()
  return
}

func.func @identical_blocks(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  call @use(%a) : (i32) -> ()
  return
^bb2(%b: i32):
  call @use(%b) : (i32) -> ()
  return
}

func.func @same_value_everywhere(%x: i32) {
  %c = call @cond() : () -> i1
  cf.cond_br %c, ^bb2(%x : i32), ^bb1
^bb1:
  call @use(%x) : (i32) -> ()
  cf.br ^bb2(%x : i32)
^bb2(%a: i32):
  call @use(%a) : (i32) -> ()
  return
}

module @inner {
  func.func private @use(i32)
  func.func private @cond() -> i1

  func.func @nested_module(%x: i32) -> i32 {
    %d = call @cond() : () -> i1
    cf.cond_br %d, ^bb1(%x, %x : i32, i32), ^bb2(%x : i32)
  ^bb1(%a: i32, %unused: i32):
    call @use(%a) : (i32) -> ()
    cf.br ^bb2(%a : i32)
  ^bb2(%b: i32):
    return %b : i32
  ^bb3:
    %z = arith.constant 3 : i32
    return %z : i32
  }
}

func.func @loop_keeps_live_args(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%c0, %c0 : i32, i32)
^loop(%i: i32, %sum: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %s = arith.addi %sum, %i : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^loop(%next, %s : i32, i32)
^exit:
  return %sum : i32
}
