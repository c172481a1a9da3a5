// index ops on constants and the identities upstream folds.

func.func @arith() -> (index, index, index, index, index, index, index, index) {
  %a = index.constant 42
  %b = index.constant 5
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.rems %a, %b
  %6 = index.maxs %a, %b
  %7 = index.minu %a, %b
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, index, index, index, index, index, index, index
}

func.func @identities(%x: index) -> (index, index, index, i1) {
  %zero = index.constant 0
  %one = index.constant 1
  %0 = index.add %x, %zero
  %1 = index.mul %x, %one
  %2 = index.sub %x, %zero
  %3 = index.cmp eq(%x, %x)
  return %0, %1, %2, %3 : index, index, index, i1
}

func.func @compares_and_casts() -> (i1, i1, i32, index, i64) {
  %a = index.constant -3
  %b = index.constant 7
  %0 = index.cmp slt(%a, %b)
  %1 = index.cmp ult(%a, %b)
  %2 = index.casts %b : index to i32
  %c = arith.constant 9 : i64
  %3 = index.castu %c : i64 to index
  %4 = index.casts %a : index to i64
  return %0, %1, %2, %3, %4 : i1, i1, i32, index, i64
}

func.func @shifts_and_bits() -> (index, index, index, index, index) {
  %a = index.constant 12
  %b = index.constant 2
  %0 = index.shl %a, %b
  %1 = index.shrs %a, %b
  %2 = index.and %a, %b
  %3 = index.or %a, %b
  %4 = index.xor %a, %b
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
