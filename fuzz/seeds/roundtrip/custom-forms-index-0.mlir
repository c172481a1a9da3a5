func.func @arithmetic(%a: index, %b: index) -> index {
  %add = index.add %a, %b
  %sub = index.sub %add, %b
  %mul = index.mul %sub, %a
  %divs = index.divs %mul, %b
  %divu = index.divu %divs, %b
  %ceildivs = index.ceildivs %divu, %a
  %ceildivu = index.ceildivu %ceildivs, %a
  %floordivs = index.floordivs %ceildivu, %b
  %rems = index.rems %floordivs, %a
  %remu = index.remu %rems, %b
  return %remu : index
}

func.func @min_max_bits(%a: index, %b: index) -> index {
  %maxs = index.maxs %a, %b
  %maxu = index.maxu %maxs, %b
  %mins = index.mins %maxu, %a
  %minu = index.minu %mins, %a {tag = "kept"}
  %shl = index.shl %minu, %b
  %shrs = index.shrs %shl, %b
  %shru = index.shru %shrs, %a
  %and = index.and %shru, %a
  %or = index.or %and, %b
  %xor = index.xor %or, %a
  return %xor : index
}

func.func @casts(%i: index, %n: i32, %w: i64, %bit: i1) -> (i32, index, i64, index, i1) {
  %0 = index.casts %i : index to i32
  %1 = index.casts %n : i32 to index
  %2 = index.castu %i : index to i64
  %3 = index.castu %w : i64 to index
  %4 = index.castu %i : index to i1
  %5 = index.casts %bit : i1 to index
  return %0, %1, %2, %5, %4 : i32, index, i64, index, i1
}

func.func @compare(%a: index, %b: index) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %eq = index.cmp eq(%a, %b)
  %ne = index.cmp ne(%a, %b)
  %slt = index.cmp slt(%a, %b)
  %sle = index.cmp sle(%a, %b)
  %sgt = index.cmp sgt(%a, %b)
  %sge = index.cmp sge(%a, %b)
  %ult = index.cmp ult(%a, %b)
  %ule = index.cmp ule(%a, %b)
  %ugt = index.cmp ugt(%a, %b)
  %uge = index.cmp uge(%a, %b) {note}
  return %eq, %ne, %slt, %sle, %sgt, %sge, %ult, %ule, %ugt, %uge : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @constants() -> (index, index, index, index, i1, i1, index) {
  %c = index.constant 42
  %m = index.constant -3
  %z = index.constant 0
  %big = index.constant 9223372036854775807
  %t = index.bool.constant true
  %f = index.bool.constant false
  %w = index.sizeof
  %again = index.constant 42
  return %c, %m, %big, %again, %t, %f, %w : index, index, index, index, i1, i1, index
}

func.func @generic_forms(%a: index) -> i1 {
  %0 = "index.add"(%a, %a) : (index, index) -> index
  %1 = "index.cmp"(%0, %a) <{pred = #index<cmp_predicate ule>}> : (index, index) -> i1
  %2 = "index.constant"() {value = 7 : index} : () -> index
  %3 = "index.bool.constant"() <{value = false}> {extra = 1 : i32} : () -> i1
  return %1 : i1
}
