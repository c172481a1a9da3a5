// ARGS: --allow-unregistered-dialect --pass-pipeline=builtin.module(func.func(loop-invariant-code-motion,cse,canonicalize),symbol-dce,cse)
// A textual pipeline: function passes nested under the module, then the
// module's own passes, in order. LICM hoists the duplicates out of the
// loop for CSE to merge; canonicalize folds what CSE left; symbol-dce
// erases the private function nothing calls any more.

func.func private @helper(%x: i32) -> i32 {
  return %x : i32
}
func.func private @never_called() {
  return
}

func.func @main(%n: index, %x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> i32 {
    %a = arith.addi %x, %y : i32
    %b = arith.addi %y, %x : i32
    %z = arith.constant 0 : i32
    %s = arith.addi %a, %z : i32
    %t = arith.muli %s, %b : i32
    %u = arith.addi %acc, %t : i32
    scf.yield %u : i32
  }
  %h = func.call @helper(%r) : (i32) -> i32
  return %h : i32
}

%top0 = "builtin.unrealized_conversion_cast"() : () -> i32
%top1 = "builtin.unrealized_conversion_cast"() : () -> i32
%top2 = "builtin.unrealized_conversion_cast"(%top0, %top1) : (i32, i32) -> i64
"t.keep"(%top2) : (i64) -> ()
