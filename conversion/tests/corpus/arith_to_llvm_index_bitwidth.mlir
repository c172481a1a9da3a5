// ARGS: --convert-arith-to-llvm=index-bitwidth=32
// With 32-bit indices, index constants and arithmetic are on i32 and the
// index casts from i32 vanish while those from i64 truncate.

func.func @narrow(%a: index, %x: i32, %y: i64) -> index {
  %c7 = arith.constant 7 : index
  %0 = arith.addi %a, %c7 : index
  %1 = arith.index_cast %x : i32 to index
  %2 = arith.index_cast %y : i64 to index
  %3 = arith.index_castui %0 : index to i64
  %4 = arith.muli %1, %2 : index
  %5 = arith.cmpi ult, %4, %0 : index
  %6 = arith.select %5, %4, %0 : index
  return %6 : index
}
