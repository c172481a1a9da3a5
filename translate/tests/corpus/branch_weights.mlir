// Branch weights: `!prof !{!"branch_weights", i32 ...}` on `br i1`,
// `switch` (one whose `case_values` hold none too) and `invoke`, a weight above 2^31
// written as a negative `i32`, one node shared by two branches with the
// same weights, an empty list written as none; next to a function entry
// count (the function's `!prof`, numbered first), loop annotations
// (`!prof` before `!llvm.loop`, the loop node's own operands after it),
// access groups and `!dbg` locations (first on each instruction). A
// discardable `branch_weights` on `llvm.call` is no property and is left
// out, as upstream does.
#file = #llvm.di_file<"w.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #file, producer = "clang", isOptimized = true, emissionKind = Full>
#st = #llvm.di_subroutine_type<types = #llvm.di_null_type>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "dbg", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition, type = #st>
#group = #llvm.access_group<id = distinct[2]<>>
#followup = #llvm.loop_annotation<disableNonforced = true>
#loop = #llvm.loop_annotation<unroll = #llvm.loop_unroll<count = 4 : i32, followupAll = #followup>, mustProgress = true, parallelAccesses = #group>
#plain = #llvm.loop_annotation<mustProgress = true>

llvm.func @g(i32) -> i32
llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @weighted(%c: i1, %x: i32, %p: !llvm.ptr) -> i32 attributes {function_entry_count = 1000 : i64} {
  llvm.cond_br %c weights([90, 10]), ^loop, ^cases
^loop:
  %0 = llvm.load %p {access_groups = [#group]} : !llvm.ptr -> i32
  llvm.cond_br %c weights([-1, 1]), ^loop, ^cases {loop_annotation = #loop}
^cases:
  llvm.switch %x : i32, ^done [
    1: ^loop,
    7: ^again,
    -3: ^done
  ] {branch_weights = array<i32: 5, 1, 2, 3>}
^again:
  llvm.cond_br %c weights([90, 10]), ^again, ^only {loop_annotation = #plain}
^only:
  llvm.switch %x : i32, ^empty [
  ] {case_values = dense<> : tensor<0xi32>, branch_weights = array<i32: 12>}
^empty:
  llvm.cond_br %c weights([]), ^done, ^done
^done:
  %r = llvm.call @g(%x) {branch_weights = array<i32: 7>} : (i32) -> i32
  llvm.return %r : i32
}

llvm.func @invokes(%x: i32) -> i32 attributes {personality = @__gxx_personality_v0, function_entry_count = 3 : i64} {
  %r = llvm.invoke @g(%x) to ^ok unwind ^bad {branch_weights = array<i32: 2000, 1>} : (i32) -> i32
^ok:
  %s = llvm.invoke @g(%r) to ^ok2 unwind ^bad : (i32) -> i32
^ok2:
  llvm.return %s : i32
^bad:
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
}

llvm.func @dbg(%c: i1) attributes {function_entry_count = 9 : i64} {
  llvm.br ^body loc("w.c":2:1)
^body:
  llvm.cond_br %c weights([3, 1]), ^body, ^exit {loop_annotation = #plain} loc("w.c":3:5)
^exit:
  llvm.return loc("w.c":4:1)
} loc(fused<#sp>["w.c":1:1])
