// ARGS: --convert-to-llvm
// With the arith patterns present, the body of memref.generic_atomic_rmw,
// copied into the compare-and-swap loop, is lowered there too.
func.func @atomic_add(%m: memref<8xi32>, %i: index, %v: i32) -> i32 {
  %x = memref.generic_atomic_rmw %m[%i] : memref<8xi32> {
  ^bb0(%cur: i32):
    %c2 = arith.constant 2 : i32
    %s = arith.muli %cur, %c2 : i32
    %t = arith.addi %s, %v : i32
    memref.atomic_yield %t : i32
  }
  return %x : i32
}

func.func @atomic_max(%m: memref<?x?xi64>, %i: index, %j: index, %v: i64) {
  %x = memref.generic_atomic_rmw %m[%i, %j] : memref<?x?xi64> {
  ^bb0(%cur: i64):
    %c = arith.cmpi sgt, %cur, %v : i64
    %s = arith.select %c, %cur, %v : i64
    memref.atomic_yield %s : i64
  }
  return
}
