// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.switch's and llvm.cond_br's branch weights count their successors
// and are not all zero (an empty list is none); vector.interleave2's
// result keeps its operands' scalability; llvm.mlir.constant takes no
// target extension type; extractelement, insertelement and shufflevector
// read their vector type as a builtin vector.

func.func @weights(%arg0 : i32) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 3}}
  llvm.switch %arg0 : i32, ^bb1 [
    1: ^bb1,
    2: ^bb1
  ] {branch_weights = array<i32: 5>}
^bb1:
  llvm.return
}

// -----

func.func @weights_ok(%arg0 : i32) {
  llvm.switch %arg0 : i32, ^bb1 [
    1: ^bb1
  ] {branch_weights = array<i32: 5, 6>}
^bb1:
  llvm.return
}

// -----

func.func @weights_zero(%arg0 : i32) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  llvm.switch %arg0 : i32, ^bb1 [
    1: ^bb1
  ] {branch_weights = array<i32: 0, 0>}
^bb1:
  llvm.return
}

// -----

func.func @cond_br_weights_zero(%c : i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  llvm.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  llvm.return
}

// -----

func.func @cond_br_weights_empty(%c : i1) {
  llvm.cond_br %c weights([]), ^bb1, ^bb1
^bb1:
  llvm.return
}

// -----

func.func @interleave_fixed_from_scalable(%a : vector<[4]xi8>) {
  // expected-error@+1 {{op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<[4]xi8>, vector<[4]xi8>) -> vector<8xi8>
  return
}

// -----

func.func @interleave_scalable_from_fixed(%a : vector<4xi8>) {
  // expected-error@+1 {{op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<4xi8>, vector<4xi8>) -> vector<[8]xi8>
  return
}

// -----

func.func @constant_target_ext() {
  // expected-error@+1 {{'llvm.mlir.constant' op does not support target extension type.}}
  %0 = llvm.mlir.constant(1 : i32) : !llvm.target<"spirv.Image", i32, 0>
  return
}

// -----

func.func @extract_scalar(%i : i32, %v : i64) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'i64'}}
  %0 = llvm.extractelement %v[%i : i32] : i64
}

// -----

func.func @shuffle_scalar(%v : !llvm.ptr) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found '!llvm.ptr'}}
  %0 = llvm.shufflevector %v, %v [0, 1] : !llvm.ptr
}

// -----

// The branch-weight count is an interface check: before the op's own
// checks, without the op's name; on llvm.cond_br and llvm.invoke too.
llvm.func @cond_br_weights(%c: i1) {
  // expected-error@below {{expects number of branch weights to match number of successors: 1 vs 2}}
  llvm.cond_br %c weights([1]), ^bb1, ^bb2
^bb1:
  llvm.return
^bb2:
  llvm.return
}

// -----

llvm.func @callee()
llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @invoke_weights() -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(1 : i32) : i32
  // expected-error@below {{expects number of branch weights to match number of successors: 3 vs 2}}
  llvm.invoke @callee() to ^bb2 unwind ^bb1 {branch_weights = array<i32 : 1, 2, 3>} : () -> ()
^bb1:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.br ^bb2
^bb2:
  llvm.return %0 : i32
}

// -----

llvm.func @switch_weights_first(%c: i32) {
  // expected-error@below {{expects number of branch weights to match number of successors: 1 vs 2}}
  llvm.switch %c : i32, ^bb1 [
    1: ^bb1
  ] {branch_weights = array<i32: 1>, case_values = dense<[1, 2]> : vector<2xi32>}
^bb1:
  llvm.return
}
