// LLVM dialect terminators in custom form: br with and without block
// arguments, cond_br with operands on each side and branch weights,
// switch with no case, with cases carrying operands and with negative
// case values, return with and without a value, and unreachable.
func.func @branches(%c: i1, %a: i32, %b: i64) -> i32 {
  llvm.br ^bb1
^bb1:
  llvm.br ^bb2(%a : i32)
^bb2(%x: i32):
  llvm.cond_br %c, ^bb3(%x : i32), ^bb4
^bb3(%y: i32):
  llvm.cond_br %c weights([90, 10]), ^bb4, ^bb5(%y, %b : i32, i64)
^bb4:
  llvm.switch %a : i32, ^bb6 [
    1: ^bb3(%a : i32),
    -2: ^bb5(%a, %b : i32, i64),
    7: ^bb6
  ]
^bb5(%z: i32, %w: i64):
  llvm.switch %b : i64, ^bb7(%z : i32) []
^bb6:
  llvm.unreachable
^bb7(%r: i32):
  llvm.return %r : i32
}

func.func @void_return() {
  llvm.return
}

func.func @switch_weights(%a: i8) {
  llvm.switch %a : i8, ^bb1 [
    3: ^bb2
  ] {branch_weights = array<i32: 5, 10>}
^bb1:
  llvm.return
^bb2:
  llvm.return
}
