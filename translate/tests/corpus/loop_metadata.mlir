// Loop annotations and access groups: `!llvm.loop` nodes with every
// option, followups shared between options and loops, an annotation used
// on two branches, parallel accesses; `!llvm.access.group` on loads,
// stores, atomics, calls and memory intrinsics, one group or a list of
// them, next to alias scopes and TBAA tags.
#group = #llvm.access_group<id = distinct[0]<>>
#other = #llvm.access_group<id = distinct[1]<>>
#third = #llvm.access_group<id = distinct[2]<1 : i32>>
#followup = #llvm.loop_annotation<disableNonforced = true>
#followup2 = #llvm.loop_annotation<mustProgress = true, isVectorized = true>
#vectorize = #llvm.loop_vectorize<disable = false, predicateEnable = true, scalableEnable = false, width = 16 : i32, followupVectorized = #followup, followupEpilogue = #followup2, followupAll = #followup>
#unroll = #llvm.loop_unroll<disable = false, count = -1 : i64, runtimeDisable = false, full = true, followupUnrolled = #followup2, followupRemainder = #followup, followupAll = #followup2>
#jam = #llvm.loop_unroll_and_jam<disable = true, count = 8 : i8, followupOuter = #followup, followupInner = #followup2, followupRemainderOuter = #followup, followupRemainderInner = #followup2, followupAll = #followup>
#distribute = #llvm.loop_distribute<disable = false, followupCoincident = #followup, followupSequential = #followup2, followupFallback = #followup, followupAll = #followup2>
#all = #llvm.loop_annotation<disableNonforced = true, vectorize = #vectorize, interleave = #llvm.loop_interleave<count = 4 : i32>, unroll = #unroll, unrollAndJam = #jam, licm = #llvm.loop_licm<disable = false, versioningDisable = true>, distribute = #distribute, pipeline = #llvm.loop_pipeline<disable = true, initiationinterval = 3 : index>, peeled = #llvm.loop_peeled<count = 5 : i32>, unswitch = #llvm.loop_unswitch<partialDisable = false>, mustProgress = false, isVectorized = false, parallelAccesses = #other, #group>
#plain = #llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = true>, licm = #llvm.loop_licm<disable = true>, unswitch = #llvm.loop_unswitch<partialDisable = true>, parallelAccesses = #third>
#domain = #llvm.alias_scope_domain<id = distinct[3]<>, description = "d">
#scope = #llvm.alias_scope<id = distinct[4]<>, domain = #domain>
#root = #llvm.tbaa_root<id = "root">
#int = #llvm.tbaa_type_desc<id = "int", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0>

llvm.func @callee(!llvm.ptr)

llvm.func @loops(%p: !llvm.ptr, %n: i1, %v: i32) {
  llvm.br ^head {loop_annotation = #plain}
^head:
  %0 = llvm.load %p {access_groups = [#group, #other]} : !llvm.ptr -> i32
  llvm.store %v, %p {access_groups = [#group]} : i32, !llvm.ptr
  %1 = llvm.load %p {access_groups = [#third], alias_scopes = [#scope], noalias_scopes = [#scope], tbaa = [#tag]} : !llvm.ptr -> i32
  %2 = llvm.atomicrmw add %p, %v monotonic {access_groups = [#other]} : !llvm.ptr, i32
  %3 = llvm.cmpxchg %p, %v, %1 acq_rel monotonic {access_groups = [#group, #third]} : !llvm.ptr, i32
  llvm.call @callee(%p) {access_groups = [#other]} : (!llvm.ptr) -> ()
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %c0 = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memcpy"(%p, %p, %c4) <{isVolatile = false, access_groups = [#third, #group]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memmove"(%p, %p, %c4) <{isVolatile = true, access_groups = [#third]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memset"(%p, %c0, %c4) <{isVolatile = false, access_groups = [#other]}> : (!llvm.ptr, i8, i64) -> ()
  llvm.cond_br %n, ^head, ^tail {loop_annotation = #all}
^tail:
  llvm.cond_br %n, ^head, ^exit {loop_annotation = #plain}
^exit:
  llvm.return
}

llvm.func @second(%p: !llvm.ptr, %n: i1) {
  llvm.br ^body
^body:
  %0 = llvm.load %p {access_groups = [#third]} : !llvm.ptr -> i32
  llvm.cond_br %n, ^body, ^exit {loop_annotation = #llvm.loop_annotation<mustProgress = true, parallelAccesses = #third>}
^exit:
  llvm.return
}
