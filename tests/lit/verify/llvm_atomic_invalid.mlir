// RUN: ods-opt %s --verify-diagnostics --split-input-file
// The atomic ops used wrongly: atomicrmw's value type for each kind of
// operation and its ordering, cmpxchg's types and orderings, the
// inferred result types of both, fence's orderings, and the custom
// forms' parse errors; each with mlir-opt's message and place.

llvm.func @rmw_xchg_i1(%p: !llvm.ptr, %v: i1) {
  // expected-error @+1 {{'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %v monotonic : !llvm.ptr, i1
  llvm.return
}

// -----

llvm.func @rmw_xchg_vector(%p: !llvm.ptr, %v: vector<2xi32>) {
  // expected-error @+1 {{'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %v monotonic : !llvm.ptr, vector<2xi32>
  llvm.return
}

// -----

llvm.func @rmw_add_float(%p: !llvm.ptr, %v: f32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, f32
  llvm.return
}

// -----

llvm.func @rmw_max_i128(%p: !llvm.ptr, %v: i128) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw max %p, %v monotonic : !llvm.ptr, i128
  llvm.return
}

// -----

llvm.func @rmw_fadd_int(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fadd %p, %v monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_fmax_int_vector(%p: !llvm.ptr, %v: vector<2xi32>) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type for vector element}}
  %0 = llvm.atomicrmw fmax %p, %v monotonic : !llvm.ptr, vector<2xi32>
  llvm.return
}

// -----

llvm.func @rmw_unordered(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected at least 'monotonic' ordering}}
  %0 = llvm.atomicrmw add %p, %v unordered : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_result_type(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op failed to verify that result #0 and operand #1 have the same type}}
  %0 = "llvm.atomicrmw"(%p, %v) <{bin_op = 1 : i64, ordering = 2 : i64}> : (!llvm.ptr, i32) -> i64
  llvm.return
}

// -----

llvm.func @rmw_struct(%p: !llvm.ptr, %v: !llvm.struct<(i32)>) {
  // expected-error @+1 {{custom op 'llvm.atomicrmw' 'val' must be floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible fixed-length vector type, but got '!llvm.struct<(i32)>'}}
  %0 = llvm.atomicrmw xchg %p, %v monotonic : !llvm.ptr, !llvm.struct<(i32)>
  llvm.return
}

// -----

llvm.func @rmw_bad_op(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{custom op 'llvm.atomicrmw' expected string or keyword containing one of the following enum values for attribute 'bin_op' [xchg, add, sub, _and, nand, _or, _xor, max, min, umax, umin, fadd, fsub, fmax, fmin, uinc_wrap, udec_wrap, usub_cond, usub_sat, fmaximum, fminimum]}}
  %0 = llvm.atomicrmw mul %p, %v monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cas_i7(%p: !llvm.ptr, %v: i7) {
  // expected-error @+1 {{'llvm.cmpxchg' op unexpected LLVM IR type}}
  %0 = llvm.cmpxchg %p, %v, %v monotonic monotonic : !llvm.ptr, i7
  llvm.return
}

// -----

llvm.func @cas_float(%p: !llvm.ptr, %v: f32) {
  // expected-error @+1 {{custom op 'llvm.cmpxchg' 'val' must be signless integer or LLVM pointer type, but got 'f32'}}
  %0 = llvm.cmpxchg %p, %v, %v monotonic monotonic : !llvm.ptr, f32
  llvm.return
}

// -----

llvm.func @cas_not_atomic(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %v, %v not_atomic monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cas_failure_unordered(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %v, %v seq_cst unordered : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cas_failure_release(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %v, %v seq_cst release : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cas_failure_acq_rel(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %v, %v acq_rel acq_rel : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cas_result_type(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool}}
  %0 = "llvm.cmpxchg"(%p, %v, %v) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i32, i32) -> !llvm.struct<(i32, i8)>
  llvm.return
}

// -----

llvm.func @cas_packed_result(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool}}
  %0 = "llvm.cmpxchg"(%p, %v, %v) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i32, i32) -> !llvm.struct<packed (i32, i1)>
  llvm.return
}

// -----

llvm.func @cas_cmp_type(%p: !llvm.ptr, %v: i32, %w: i64) {
  // expected-error @+1 {{'llvm.cmpxchg' op failed to verify that operand #1 and operand #2 have the same type}}
  %0 = "llvm.cmpxchg"(%p, %w, %v) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i64, i32) -> !llvm.struct<(i32, i1)>
  llvm.return
}

// -----

llvm.func @fence_monotonic() {
  // expected-error @+1 {{'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence monotonic
  llvm.return
}

// -----

llvm.func @fence_not_atomic() {
  // expected-error @+1 {{'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence syncscope("agent") not_atomic
  llvm.return
}

// -----

llvm.func @fence_no_ordering() {
  // expected-error @+2 {{custom op 'llvm.fence' expected string or keyword containing one of the following enum values for attribute 'ordering' [not_atomic, unordered, monotonic, acquire, release, acq_rel, seq_cst]}}
  llvm.fence
  llvm.return
}

// -----

llvm.func @atomic_load_no_align(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> i32
  llvm.return
}
