// Atomics: atomicrmw of each operation (its default alignment the
// value's store size), cmpxchg strong, weak and volatile with its
// result pair taken apart, fences, and atomic loads and stores with
// sync scopes.
llvm.func @rmw(%p: !llvm.ptr, %q: !llvm.ptr<1>, %i: i32, %w: i64, %b: i8, %f: f32, %h: f16, %v: vector<2xf32>, %r: !llvm.ptr, %x: i128) -> i32 {
  %0 = llvm.atomicrmw xchg %p, %i monotonic : !llvm.ptr, i32
  %1 = llvm.atomicrmw add %p, %w acquire : !llvm.ptr, i64
  %2 = llvm.atomicrmw sub %q, %b release : !llvm.ptr<1>, i8
  %3 = llvm.atomicrmw _and %p, %i acq_rel : !llvm.ptr, i32
  %4 = llvm.atomicrmw nand %p, %i seq_cst : !llvm.ptr, i32
  %5 = llvm.atomicrmw _or %p, %i monotonic : !llvm.ptr, i32
  %6 = llvm.atomicrmw _xor %p, %i monotonic : !llvm.ptr, i32
  %7 = llvm.atomicrmw max %p, %i monotonic : !llvm.ptr, i32
  %8 = llvm.atomicrmw min %p, %i monotonic : !llvm.ptr, i32
  %9 = llvm.atomicrmw umax %p, %i monotonic : !llvm.ptr, i32
  %10 = llvm.atomicrmw umin %p, %i monotonic : !llvm.ptr, i32
  %11 = llvm.atomicrmw uinc_wrap %p, %i monotonic : !llvm.ptr, i32
  %12 = llvm.atomicrmw udec_wrap %p, %i monotonic : !llvm.ptr, i32
  %13 = llvm.atomicrmw usub_cond %p, %i monotonic : !llvm.ptr, i32
  %14 = llvm.atomicrmw usub_sat %p, %i monotonic : !llvm.ptr, i32
  %15 = llvm.atomicrmw fadd %p, %f monotonic : !llvm.ptr, f32
  %16 = llvm.atomicrmw fsub %p, %h monotonic : !llvm.ptr, f16
  %17 = llvm.atomicrmw fmax %p, %f monotonic : !llvm.ptr, f32
  %18 = llvm.atomicrmw fmin %p, %f monotonic : !llvm.ptr, f32
  %19 = llvm.atomicrmw fmaximum %p, %v monotonic : !llvm.ptr, vector<2xf32>
  %20 = llvm.atomicrmw fminimum %p, %f monotonic : !llvm.ptr, f32
  %21 = llvm.atomicrmw xchg %p, %r monotonic : !llvm.ptr, !llvm.ptr
  %22 = llvm.atomicrmw volatile add %p, %i syncscope("agent") seq_cst {alignment = 16 : i64} : !llvm.ptr, i32
  %23 = llvm.atomicrmw xchg %p, %x monotonic : !llvm.ptr, i128
  %24 = llvm.add %0, %3 : i32
  llvm.return %24 : i32
}

llvm.func @cas(%p: !llvm.ptr, %q: !llvm.ptr<1>, %i: i32, %w: i64, %r: !llvm.ptr) -> i1 {
  %0 = llvm.cmpxchg %p, %i, %i acq_rel monotonic : !llvm.ptr, i32
  %1 = llvm.cmpxchg weak %p, %w, %w seq_cst acquire : !llvm.ptr, i64
  %2 = llvm.cmpxchg volatile %q, %r, %r release monotonic : !llvm.ptr<1>, !llvm.ptr
  %3 = llvm.cmpxchg weak volatile %p, %i, %i syncscope("singlethread") seq_cst seq_cst {alignment = 8 : i64} : !llvm.ptr, i32
  %4 = llvm.extractvalue %0[0] : !llvm.struct<(i32, i1)>
  %5 = llvm.extractvalue %1[1] : !llvm.struct<(i64, i1)>
  llvm.return %5 : i1
}

llvm.func @ordered(%p: !llvm.ptr, %i: i32, %f: f32, %r: !llvm.ptr) -> i32 {
  llvm.fence acquire
  llvm.fence release
  llvm.fence acq_rel
  llvm.fence syncscope("workgroup") seq_cst
  %0 = llvm.load %p atomic unordered {alignment = 4 : i64} : !llvm.ptr -> i32
  %1 = llvm.load volatile %p atomic syncscope("agent") seq_cst {alignment = 8 : i64} : !llvm.ptr -> f64
  %2 = llvm.load %p atomic acquire {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %3 = llvm.load %p atomic syncscope("a\"b") monotonic {alignment = 2 : i64} : !llvm.ptr -> i32
  llvm.store %i, %p atomic unordered {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store volatile %f, %p atomic syncscope("agent") release {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store %r, %p atomic seq_cst {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.return %0 : i32
}
