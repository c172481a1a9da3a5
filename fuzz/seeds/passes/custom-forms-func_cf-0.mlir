func.func private @callee(i32, f32) -> (i32, f32)
func.func private @none()

func.func @calls(%a: i32, %x: f32) -> (i32, f32) {
  %0:2 = func.call @callee(%a, %x) : (i32, f32) -> (i32, f32)
  %1:2 = call @callee(%a, %x) {tail} : (i32, f32) -> (i32, f32)
  call @none() : () -> ()
  %f = func.constant @callee : (i32, f32) -> (i32, f32)
  %g = constant @none : () -> ()
  %2:2 = func.call_indirect %f(%a, %x) : (i32, f32) -> (i32, f32)
  call_indirect %g() : () -> ()
  return %0#0, %1#1 : i32, f32
}

func.func @branches(%c: i1, %a: i32, %i: i32) -> i32 {
  cf.assert %c, "must hold"
  cf.br ^bb1
^bb1:
  cf.br ^bb2(%a, %c : i32, i1)
^bb2(%x: i32, %y: i1):
  cf.cond_br %y, ^bb3, ^bb4(%x : i32)
^bb3:
  cf.cond_br %c weights([3, 7]), ^bb4(%a : i32), ^bb5
^bb4(%z: i32):
  cf.switch %i : i32, [
    default: ^bb5,
    1: ^bb4(%z : i32),
    42: ^bb5
  ]
^bb5:
  return %a : i32
}

func.func @empty_switch(%i: i32) {
  cf.switch %i : i32, [
    default: ^bb1
  ]
^bb1:
  func.return
}
