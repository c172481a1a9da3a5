// ARGS: --pass-pipeline=builtin.module(inline{op-pipelines=func.func(canonicalize,cse)}) --mlir-print-ir-before-all --mlir-disable-threading
// Mutual recursion through an scf.if, and a private callee inlined into
// its caller: the dumps before each pass of the op-pipelines pipeline
// the inliner runs, one function at a time.

func.func private @dead(%x: i32) -> i32 {
  %c = arith.constant 2 : i32
  %m = arith.muli %x, %c : i32
  return %m : i32
}
func.func @even(%x: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %x, %c0 : i32
  %r = scf.if %z -> i1 {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %c1 = arith.constant 1 : i32
    %y = arith.subi %x, %c1 : i32
    %o = func.call @odd(%y) : (i32) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}
func.func @odd(%x: i32) -> i1 {
  %d = call @dead(%x) : (i32) -> i32
  %e = call @even(%d) : (i32) -> i1
  return %e : i1
}
func.func @main() -> i1 {
  %c = arith.constant 4 : i32
  %r = call @even(%c) : (i32) -> i1
  return %r : i1
}
