// ARGS: --reconcile-unrealized-casts --allow-unregistered-dialect
// Casts that come back to where they started fold away, casts nobody uses
// go, and casts a user still needs stay (the pass does not fail on them).

func.func @round_trip(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
}

func.func @long_chain(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to f32
  %3 = builtin.unrealized_conversion_cast %2 : f32 to i64
  return %3 : i64
}

func.func @partial_chain(%arg0: i64) -> (i32, index) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to index
  return %1, %2 : i32, index
}

func.func @dead_chain(%arg0: i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i32
  return
}

func.func @live(%arg0: i64) -> index {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  return %0 : index
}

func.func @live_chain(%arg0: i64) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i1
  %1 = builtin.unrealized_conversion_cast %0 : i1 to i32
  return %1 : i32
}

func.func @many_values(%arg0: i32, %arg1: i32) -> (i32, i32) {
  %0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to tuple<i32, i32>
  %1:2 = builtin.unrealized_conversion_cast %0 : tuple<i32, i32> to i32, i32
  return %1#0, %1#1 : i32, i32
}

func.func @types_swapped(%arg0: i32, %arg1: i64) -> (i64, i32) {
  %0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to tuple<i32, i64>
  %1:2 = builtin.unrealized_conversion_cast %0 : tuple<i32, i64> to i64, i32
  return %1#0, %1#1 : i64, i32
}

func.func @no_inputs() -> i32 {
  %0 = builtin.unrealized_conversion_cast to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to index
  %2 = builtin.unrealized_conversion_cast %1 : index to i32
  return %2 : i32
}

func.func @identity(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i64
  return %0 : i64
}

func.func @shared(%arg0: i64) -> (index, i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  "user.use"(%0) : (index) -> ()
  return %0, %1 : index, i64
}

func.func @in_regions(%arg0: i64, %arg1: i1) -> i64 {
  %0 = scf.if %arg1 -> (i64) {
    %1 = builtin.unrealized_conversion_cast %arg0 : i64 to index
    %2 = builtin.unrealized_conversion_cast %1 : index to i64
    scf.yield %2 : i64
  } else {
    %3 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    %4 = builtin.unrealized_conversion_cast %arg0 : i64 to index
    "user.use"(%4) : (index) -> ()
    scf.yield %arg0 : i64
  }
  return %0 : i64
}

func.func @across_blocks(%arg0: i64, %arg1: i1) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  cf.cond_br %arg1, ^bb1, ^bb2
^bb1:
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
^bb2:
  return %arg0 : i64
}
