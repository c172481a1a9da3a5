// Loop annotations and access groups: every option of every
// `#llvm.loop_*` attribute, followups naming other annotations, start and
// end locations, parallel accesses; branches carrying them and memory ops
// carrying access groups. All print through their mnemonic aliases.
#group = #llvm.access_group<id = distinct[0]<>>
#other = #llvm.access_group<id = distinct[1]<>>
#unit_id = #llvm.access_group<id = distinct[2]<1 : i32>>
#file = #llvm.di_file<"loop.c" in "/src">
#followup = #llvm.loop_annotation<disableNonforced = true>
#vectorize = #llvm.loop_vectorize<disable = false, predicateEnable = true, scalableEnable = false, width = 16 : i32, followupVectorized = #followup, followupEpilogue = #followup, followupAll = #followup>
#interleave = #llvm.loop_interleave<count = 4 : i32>
#unroll = #llvm.loop_unroll<disable = true, count = 2 : i64, runtimeDisable = true, full = false, followupUnrolled = #followup, followupRemainder = #followup, followupAll = #followup>
#jam = #llvm.loop_unroll_and_jam<disable = false, count = 8 : i32, followupOuter = #followup, followupInner = #followup, followupRemainderOuter = #followup, followupRemainderInner = #followup, followupAll = #followup>
#licm = #llvm.loop_licm<disable = true, versioningDisable = false>
#distribute = #llvm.loop_distribute<disable = true, followupCoincident = #followup, followupSequential = #followup, followupFallback = #followup, followupAll = #followup>
#pipeline = #llvm.loop_pipeline<disable = false, initiationinterval = 2 : i32>
#peeled = #llvm.loop_peeled<count = 5 : i32>
#unswitch = #llvm.loop_unswitch<partialDisable = true>
#all = #llvm.loop_annotation<disableNonforced = false, vectorize = #vectorize, interleave = #interleave, unroll = #unroll, unrollAndJam = #jam, licm = #licm, distribute = #distribute, pipeline = #pipeline, peeled = #peeled, unswitch = #unswitch, mustProgress = true, isVectorized = false, startLoc = loc(fused<#file>["loop.c":1:2, "loop.c":1:9]), endLoc = loc(fused["loop.c":4:1, "loop.c":4:2]), parallelAccesses = #group, #other>
#empty_options = #llvm.loop_annotation<vectorize = #llvm.loop_vectorize<>, unroll = #llvm.loop_unroll<>, licm = #llvm.loop_licm<>, peeled = #llvm.loop_peeled<>>
llvm.func @loops(%p: !llvm.ptr, %n: i1, %v: i32) {
  llvm.br ^head {loop_annotation = #llvm.loop_annotation<mustProgress = true>}
^head:
  %0 = llvm.load %p {access_groups = [#group, #other]} : !llvm.ptr -> i32
  llvm.store %v, %p {access_groups = [#group]} : i32, !llvm.ptr
  %1 = llvm.atomicrmw add %p, %v monotonic {access_groups = [#unit_id]} : !llvm.ptr, i32
  llvm.cond_br %n, ^head, ^tail {loop_annotation = #all}
^tail:
  llvm.cond_br %n weights([1, 2]), ^head, ^exit {loop_annotation = #empty_options}
^exit:
  llvm.return
}
llvm.func @generic_attr() attributes {x = #followup, y = [#group]} {
  llvm.return
}
