// ARGS: --convert-index-to-llvm=index-bitwidth=32
// With 32-bit indices: constants are truncated, casts from i32 vanish and
// casts from i64 truncate.

func.func @narrow(%a: index, %x: i32, %y: i64, %z: i16) -> index {
  %0 = index.constant 4294967298
  %1 = index.constant -7
  %2 = index.casts %x : i32 to index
  %3 = index.casts %y : i64 to index
  %4 = index.castu %z : i16 to index
  %5 = index.castu %a : index to i64
  %6 = index.sizeof
  %7 = index.floordivs %a, %1
  %8 = index.add %7, %0
  return %8 : index
}
