// LLVM dialect memory effects as --canonicalize sees them: unused plain
// loads and inline_asm without side effects are erased; volatile and
// synchronizing loads, stores and inline_asm with side effects stay.

llvm.func @dead_or_kept(%n: i64, %p: !llvm.ptr, %v: i32) {
  %0 = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  %1 = llvm.load %p : !llvm.ptr -> i32
  %2 = llvm.load volatile %p : !llvm.ptr -> i32
  %3 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  %4 = llvm.load %p atomic unordered {alignment = 4 : i64} : !llvm.ptr -> i32
  %5 = llvm.inline_asm "mov $0, 7", "=r"  : () -> i32
  %6 = llvm.inline_asm has_side_effects "mov $0, 7", "=r"  : () -> i32
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.store volatile %v, %p : i32, !llvm.ptr
  llvm.store %v, %0 atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
