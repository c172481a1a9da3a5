// Branch weights the verifier refuses (upstream's
// `WeightedBranchOpInterface`): a count other than the successors', all
// zero; an empty list is none and translates.

llvm.func @count(%c: i1) {
  // expected-error @below{{expects number of branch weights to match number of successors: 3 vs 2}}
  llvm.cond_br %c weights([1, 2, 3]), ^a, ^b
^a:
  llvm.return
^b:
  llvm.return
}

// -----

llvm.func @zero(%c: i1) {
  // expected-error @below{{branch weights cannot all be zero}}
  llvm.cond_br %c weights([0, 0]), ^a, ^b
^a:
  llvm.return
^b:
  llvm.return
}

// -----

llvm.func @switch_zero(%x: i32) {
  // expected-error @below{{branch weights cannot all be zero}}
  llvm.switch %x : i32, ^a [
    1: ^b
  ] {branch_weights = array<i32: 0, 0>}
^a:
  llvm.return
^b:
  llvm.return
}

// -----

llvm.func @g(i32) -> i32
llvm.func @invoke_count(%x: i32) -> i32 {
  // expected-error @below{{expects number of branch weights to match number of successors: 1 vs 2}}
  %r = llvm.invoke @g(%x) to ^ok unwind ^bad {branch_weights = array<i32: 10>} : (i32) -> i32
^ok:
  llvm.return %r : i32
^bad:
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @g(i32) -> i32
llvm.func @invoke_zero(%x: i32) -> i32 {
  // expected-error @below{{branch weights cannot all be zero}}
  %r = llvm.invoke @g(%x) to ^ok unwind ^bad {branch_weights = array<i32: 0, 0>} : (i32) -> i32
^ok:
  llvm.return %r : i32
^bad:
  %lp = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %lp : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @empty(%c: i1) {
  llvm.cond_br %c weights([]), ^a, ^b
^a:
  llvm.return
^b:
  llvm.return
}
