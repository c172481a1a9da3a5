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


func.func @reassociate(%x: index) -> (index, index, index, index, index, index, index, index, index) {
  %c1 = index.constant 3
  %c2 = index.constant 10
  %a0 = index.add %x, %c1
  %a = index.add %a0, %c2
  %m0 = index.mul %x, %c1
  %m = index.mul %m0, %c2
  %s0 = index.maxs %x, %c1
  %s = index.maxs %s0, %c2
  %u0 = index.maxu %x, %c1
  %u = index.maxu %u0, %c2
  %n0 = index.mins %x, %c1
  %n = index.mins %n0, %c2
  %v0 = index.minu %x, %c1
  %v = index.minu %v0, %c2
  %b0 = index.and %x, %c1
  %b = index.and %b0, %c2
  %o0 = index.or %x, %c1
  %o = index.or %o0, %c2
  %e0 = index.xor %x, %c1
  %e = index.xor %e0, %c2
  return %a, %m, %s, %u, %n, %v, %b, %o, %e : index, index, index, index, index, index, index, index, index
}

func.func @reassociate_kept(%x: index, %y: index) -> (index, index, index) {
  %c1 = index.constant 3
  %a0 = index.add %x, %y
  %a = index.add %a0, %c1
  %m0 = index.mul %x, %c1
  %m = index.add %m0, %c1
  %big = index.constant 4294967296
  %s0 = index.maxs %x, %big
  %s = index.maxs %s0, %c1
  return %a, %m, %s : index, index, index
}

func.func @cmp_sub_zero(%x: index, %y: index) -> (i1, i1, i1, i1) {
  %zero = index.constant 0
  %d = index.sub %x, %y
  %0 = index.cmp slt(%d, %zero)
  %1 = index.cmp ult(%zero, %d)
  %e = index.add %x, %y
  %2 = index.cmp eq(%e, %zero)
  %one = index.constant 1
  %3 = index.cmp sge(%d, %one)
  return %0, %1, %2, %3 : i1, i1, i1, i1
}
