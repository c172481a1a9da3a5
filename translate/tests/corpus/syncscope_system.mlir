// An empty syncscope is LLVM's system scope: it is not written.
llvm.func @system_scope(%p: !llvm.ptr, %v: i32) {
  %0 = llvm.atomicrmw add %p, %v syncscope("") monotonic : !llvm.ptr, i32
  %1 = llvm.load %p atomic syncscope("") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %p atomic syncscope("") release {alignment = 4 : i64} : i32, !llvm.ptr
  %2 = llvm.cmpxchg %p, %v, %v syncscope("") acq_rel monotonic : !llvm.ptr, i32
  llvm.fence syncscope("") release
  llvm.fence syncscope("agent") acquire
  llvm.return
}
