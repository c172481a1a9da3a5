// ARGS: --convert-to-llvm
// func, arith, cf and index lowered in one pass: calls, branches with
// block arguments, a switch, an assert, rounding divisions expanded and
// index arithmetic.

func.func private @external(i32, f64) -> i64

func.func @callee(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.ceildivsi %a, %b : i32
  %r = arith.floordivsi %a, %b : i32
  return %q, %r : i32, i32
}

func.func @mixed(%a: i32, %b: i32, %i: index, %j: index, %x: f64, %flag: i1) -> i64 {
  %q, %r = call @callee(%a, %b) : (i32, i32) -> (i32, i32)
  %s = arith.addi %q, %r overflow<nsw> : i32
  %k = index.mul %i, %j
  %c = index.cmp slt(%k, %j)
  cf.assert %c, "k must stay below j"
  cf.cond_br %flag, ^then(%s : i32), ^else(%k : index)
^then(%v: i32):
  %f = arith.sitofp %v : i32 to f64
  %g = arith.addf %f, %x fastmath<fast> : f64
  %e = call @external(%v, %g) : (i32, f64) -> i64
  cf.br ^exit(%e : i64)
^else(%w: index):
  %cast = arith.index_cast %w : index to i64
  cf.switch %a : i32, [
    default: ^exit(%cast : i64),
    3: ^exit(%cast : i64)
  ]
^exit(%res: i64):
  return %res : i64
}

func.func @indices(%n: index) -> index {
  %c4 = index.constant 4
  %0 = index.ceildivs %n, %c4
  %1 = index.floordivs %0, %c4
  %2 = index.sizeof
  %3 = arith.constant 7 : index
  %4 = arith.muli %1, %3 : index
  %5 = index.add %4, %2
  return %5 : index
}

func.func @memref_arg(%m: memref<4x?xf32>, %i: index) -> memref<4x?xf32> {
  return %m : memref<4x?xf32>
}
