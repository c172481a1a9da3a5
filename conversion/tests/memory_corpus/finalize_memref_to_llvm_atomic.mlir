// ARGS: --finalize-memref-to-llvm
// memref.generic_atomic_rmw becomes a compare-and-swap loop: the element
// loaded, a branch to a loop block holding the body, llvm.cmpxchg of the
// value seen against the body's result, back to the loop when it failed.
// The address has no inbounds/nuw and the index arithmetic no flags.
func.func @rank0(%m: memref<i64>) -> i64 {
  %x = memref.generic_atomic_rmw %m[] : memref<i64> {
  ^bb0(%cur: i64):
    memref.atomic_yield %cur : i64
  }
  return %x : i64
}

func.func @dynamic_strides(%m: memref<?x4xi32, strided<[?, 1], offset: ?>>, %i: index, %j: index) -> i32 {
  %x = memref.generic_atomic_rmw %m[%i, %j] : memref<?x4xi32, strided<[?, 1], offset: ?>> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  %c = arith.constant 1 : i32
  %y = arith.addi %x, %c : i32
  return %y : i32
}

func.func @static_offset_space(%m: memref<8x4xi64, strided<[8, 2], offset: 3>, 3>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i, %i] : memref<8x4xi64, strided<[8, 2], offset: 3>, 3> {
  ^bb0(%cur: i64):
    memref.atomic_yield %cur : i64
  }
  return
}

// Two in one block, and one in a loop body block.
func.func @two(%m: memref<16xi32>, %i: index, %b: i1) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<16xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  %y = memref.generic_atomic_rmw %m[%i] : memref<16xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  cf.cond_br %b, ^bb1, ^bb2
^bb1:
  %z = memref.generic_atomic_rmw %m[%i] : memref<16xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  }
  cf.br ^bb2
^bb2:
  return
}

// The body's ops are copied into the loop; ops this pass does not lower
// (arith) cannot be legalized there, so the op stays as it is.
func.func @body_not_lowered(%m: memref<4xi32>, %i: index, %v: i32) -> i32 {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    %s = arith.addi %cur, %v : i32
    memref.atomic_yield %s : i32
  }
  return %x : i32
}
