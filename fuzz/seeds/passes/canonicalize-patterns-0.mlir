func.func @reassociate_flags(%x: i32, %c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %x, %c1 overflow<nsw> : i32
  %r = arith.addi %s, %c2 overflow<nsw, nuw> : i32
  %t = arith.subi %c2, %x : i32
  %u = arith.addi %t, %c1 : i32
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  %sel = arith.select %n, %a, %b : i32
  return %r, %u, %sel : i32, i32, i32
}

func.func @mixed(%x: i32, %c: i1, %a: i32, %b: i32, %d: i32, %i: i8, %j: i8, %f: f32) -> (i32, i32, i1, i32, i32, i32, i1, f32, i64) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %m = arith.muli %x, %c5 : i32
  %m2 = arith.muli %m, %c7 : i32
  %ad = arith.addi %x, %c7 : i32
  %sb = arith.subi %ad, %c5 : i32
  %cmp = arith.cmpi slt, %a, %b : i32
  %true = arith.constant true
  %ncmp = arith.xori %cmp, %true : i1
  %s1 = arith.select %c, %a, %b : i32
  %s2 = arith.select %c, %s1, %d : i32
  %ix = arith.index_cast %x : i32 to index
  %ix2 = arith.index_cast %ix : index to i32
  %ssub = arith.subi %a, %b : i32
  %ssub2 = arith.subi %ssub, %a : i32
  %ei = arith.extsi %i : i8 to i32
  %ej = arith.extsi %j : i8 to i32
  %ce = arith.cmpi eq, %ei, %ej : i32
  %bc = arith.bitcast %f : f32 to i32
  %bc2 = arith.bitcast %bc : i32 to f32
  %eu = arith.extui %i : i8 to i32
  %es = arith.extsi %eu : i32 to i64
  return %m2, %sb, %ncmp, %s2, %ix2, %ssub2, %ce, %bc2, %es : i32, i32, i1, i32, i32, i32, i1, f32, i64
}

func.func @constant_sides(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %ad = arith.addi %x, %c7 : i32
  %r1 = arith.subi %c5, %ad : i32
  %sb = arith.subi %x, %c7 : i32
  %r2 = arith.subi %c5, %sb : i32
  %sc = arith.subi %c7, %x : i32
  %r3 = arith.subi %c5, %sc : i32
  %sd = arith.subi %c7, %x : i32
  %r4 = arith.subi %sd, %c5 : i32
  %se = arith.subi %x, %c7 : i32
  %r5 = arith.addi %se, %c5 : i32
  %sf = arith.subi %x, %c7 : i32
  %r6 = arith.subi %sf, %c5 : i32
  return %r1, %r2, %r3, %r4, %r5, %r6 : i32, i32, i32, i32, i32, i32
}

func.func @distribute_and_shrink(%x: i8, %y: i8, %a: i32, %b: i32, %c: i1, %w: i64) -> (i32, i32, i32, i32, i32, i32, i32, i32, i1, i16, i16) {
  %ex = arith.extui %x : i8 to i32
  %ey = arith.extui %y : i8 to i32
  %and = arith.andi %ex, %ey : i32
  %sx = arith.extsi %x : i8 to i32
  %sy = arith.extsi %y : i8 to i32
  %or = arith.ori %sx, %sy : i32
  %xor = arith.xori %ex, %ey : i32
  %m1 = arith.constant -1 : i32
  %mul = arith.muli %b, %m1 : i32
  %add = arith.addi %a, %mul : i32
  %mul2 = arith.muli %a, %m1 : i32
  %add2 = arith.addi %mul2, %b : i32
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %a, %b : i32
  %false = arith.constant false
  %true = arith.constant true
  %not = arith.select %c, %false, %true : i1
  %e16 = arith.extsi %x : i8 to i64
  %t16 = arith.trunci %e16 : i64 to i16
  %u16 = arith.extui %y : i8 to i64
  %v16 = arith.trunci %u16 : i64 to i16
  return %and, %or, %xor, %add, %add2, %s, %l, %l2, %not, %t16, %v16 : i32, i32, i32, i32, i32, i32, i32, i32, i1, i16, i16
}

func.func @shared_location(%c: i1, %a: i32, %b: i32, %d: i32) -> (i32, i32) {
  %s1 = arith.select %c, %a, %b : i32
  %s2 = arith.select %c, %s1, %d : i32
  return %s1, %s2 : i32, i32
}

func.func @int_to_float_and_negations(%x: i32, %y: i64, %a: f32, %b: f32, %v: vector<4xi32>) -> (f16, f16, f32, f32, i32, vector<4xi16>) {
  %s = arith.sitofp %x : i32 to f32
  %t = arith.truncf %s : f32 to f16
  %u = arith.uitofp %x : i32 to f32
  %w = arith.truncf %u : f32 to f16
  %na = arith.negf %a : f32
  %nb = arith.negf %b : f32
  %m = arith.mulf %na, %nb fastmath<nnan> : f32
  %d = arith.divf %na, %nb : f32
  %c32 = arith.constant 32 : i64
  %sh = arith.shrsi %y, %c32 : i64
  %tr = arith.trunci %sh overflow<nsw> : i64 to i32
  %c16 = arith.constant dense<16> : vector<4xi32>
  %vs = arith.shrsi %v, %c16 : vector<4xi32>
  %vt = arith.trunci %vs : vector<4xi32> to vector<4xi16>
  return %t, %w, %m, %d, %tr, %vt : f16, f16, f32, f32, i32, vector<4xi16>
}
