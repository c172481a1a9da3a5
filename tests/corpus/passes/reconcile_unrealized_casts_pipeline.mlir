// ARGS: --pass-pipeline=builtin.module(func.func(reconcile-unrealized-casts),cse) --split-input-file
// The pass nests under func.func; what it leaves, CSE merges.
func.func @f(%arg0: i64) -> (i64, index) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  %2 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  return %1, %2 : i64, index
}

// -----

func.func @g(%arg0: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
  %1 = builtin.unrealized_conversion_cast %0 : f32 to i32
  %2 = arith.addi %1, %1 : i32
  return %2 : i32
}
