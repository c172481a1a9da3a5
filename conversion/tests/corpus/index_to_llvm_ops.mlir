// ARGS: --convert-index-to-llvm
// Every index op on i64: instructions, intrinsics, the rounding divisions
// expanded, comparisons, constants, casts by width and sizeof.

func.func @f(%a: index, %b: index, %x: i32, %y: i64) -> index {
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.ceildivs %a, %b
  %6 = index.ceildivu %a, %b
  %7 = index.floordivs %a, %b
  %8 = index.rems %a, %b
  %9 = index.remu %a, %b
  %10 = index.maxs %a, %b
  %11 = index.maxu %a, %b
  %12 = index.mins %a, %b
  %13 = index.minu %a, %b
  %14 = index.shl %a, %b
  %15 = index.shrs %a, %b
  %16 = index.shru %a, %b
  %17 = index.and %a, %b
  %18 = index.or %a, %b
  %19 = index.xor %a, %b
  %20 = index.cmp slt(%a, %b)
  %21 = index.constant 42
  %22 = index.bool.constant true
  %23 = index.casts %x : i32 to index
  %24 = index.castu %a : index to i32
  %25 = index.sizeof
  %26 = index.casts %y : i64 to index
  return %0 : index
}
