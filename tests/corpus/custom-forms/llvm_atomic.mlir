// LLVM dialect atomics in custom form: atomicrmw with each kind of
// operation (integer, float, vector of floats, pointer exchange), the
// volatile flag, sync scopes and alignment; cmpxchg strong and weak,
// on integers and pointers, with both orderings; fences; and atomic
// loads and stores with each ordering they take.
llvm.func @atomics(%p: !llvm.ptr, %q: !llvm.ptr<3>, %i: i32, %w: i64, %b: i8,
                   %f: f32, %h: f16, %v: vector<4xf32>, %r: !llvm.ptr) {
  %0 = llvm.atomicrmw xchg %p, %i monotonic : !llvm.ptr, i32
  %1 = llvm.atomicrmw add %p, %w acquire : !llvm.ptr, i64
  %2 = llvm.atomicrmw sub %q, %b release : !llvm.ptr<3>, i8
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
  %19 = llvm.atomicrmw fmaximum %p, %v monotonic : !llvm.ptr, vector<4xf32>
  %20 = llvm.atomicrmw fminimum %p, %f monotonic : !llvm.ptr, f32
  %21 = llvm.atomicrmw xchg %p, %r monotonic : !llvm.ptr, !llvm.ptr
  %22 = llvm.atomicrmw xchg %p, %f monotonic : !llvm.ptr, f32
  %23 = llvm.atomicrmw volatile add %p, %i syncscope("agent") seq_cst {alignment = 16 : i64} : !llvm.ptr, i32
  %24 = llvm.cmpxchg %p, %i, %i acq_rel monotonic : !llvm.ptr, i32
  %25 = llvm.cmpxchg weak %p, %w, %w seq_cst acquire : !llvm.ptr, i64
  %26 = llvm.cmpxchg volatile %q, %r, %r release monotonic : !llvm.ptr<3>, !llvm.ptr
  %27 = llvm.cmpxchg weak volatile %p, %b, %b syncscope("singlethread") seq_cst seq_cst {alignment = 8 : i64} : !llvm.ptr, i8
  %28 = llvm.extractvalue %24[0] : !llvm.struct<(i32, i1)>
  %29 = llvm.extractvalue %24[1] : !llvm.struct<(i32, i1)>
  llvm.fence acquire
  llvm.fence release
  llvm.fence acq_rel
  llvm.fence syncscope("workgroup") seq_cst
  %30 = llvm.load %p atomic unordered {alignment = 4 : i64} : !llvm.ptr -> i32
  %31 = llvm.load volatile %p atomic syncscope("agent") seq_cst {alignment = 8 : i64} : !llvm.ptr -> f64
  %32 = llvm.load %p atomic acquire {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %i, %p atomic unordered {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store volatile %f, %p atomic syncscope("agent") release {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store %r, %q atomic seq_cst {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<3>
  llvm.return
}
