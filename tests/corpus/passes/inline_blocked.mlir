// ARGS: --inline --allow-unregistered-dialect
// What blocks inlining: an op of no registered dialect in the callee (no
// inliner interface answers for it). Unregistered ops in the caller do
// not block it.

func.func private @opaque(%x: i32) -> i32 {
  %0 = "foreign.op"(%x) : (i32) -> i32
  return %0 : i32
}

func.func private @clean(%x: i32) -> i32 {
  %0 = arith.xori %x, %x : i32
  return %0 : i32
}

func.func @caller(%x: i32) -> (i32, i32) {
  %0 = call @opaque(%x) : (i32) -> i32
  %1 = call @clean(%x) : (i32) -> i32
  "foreign.use"(%0, %1) : (i32, i32) -> ()
  return %0, %1 : i32, i32
}
