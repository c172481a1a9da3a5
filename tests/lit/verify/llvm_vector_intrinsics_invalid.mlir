// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.intr.vector.insert/extract/interleave2 used wrongly: vectors past
// 2^17 bits, scalable into fixed-length, element counts and types; each
// with mlir-opt's message and place.

llvm.func @too_big(%a: vector<4096xi64>, %b: vector<2xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.insert' op failed to verify that vectors are not bigger than 2^17 bits.}}
  %0 = llvm.intr.vector.insert %b, %a[0] : vector<2xi64> into vector<4096xi64>
  llvm.return
}

// -----

llvm.func @scalable_into_fixed(%a: vector<8xf32>, %b: vector<[4]xf32>) {
  // expected-error @+1 {{'llvm.intr.vector.insert' op failed to verify that it is not inserting scalable into fixed-length vectors.}}
  %0 = llvm.intr.vector.insert %b, %a[0] : vector<[4]xf32> into vector<8xf32>
  llvm.return
}

// -----

llvm.func @extract_too_big(%a: vector<4096xi64>) {
  // expected-error @+1 {{'llvm.intr.vector.extract' op failed to verify that vectors are not bigger than 2^17 bits.}}
  %0 = llvm.intr.vector.extract %a[0] : vector<2xi64> from vector<4096xi64>
  llvm.return
}

// -----

llvm.func @scalable_from_fixed(%a: vector<8xf32>) {
  // expected-error @+1 {{'llvm.intr.vector.extract' op failed to verify that it is not extracting scalable from fixed-length vectors.}}
  %0 = llvm.intr.vector.extract %a[0] : vector<[4]xf32> from vector<8xf32>
  llvm.return
}

// -----

llvm.func @interleave_count(%a: vector<4xf32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  llvm.return
}

// -----

llvm.func @interleave_element(%a: vector<4xf32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<4xf32>, vector<4xf32>) -> vector<8xi32>
  llvm.return
}

// -----

llvm.func @interleave_operands(%a: vector<4xf32>, %b: vector<4xi32>) {
  // expected-error @+1 {{'llvm.intr.vector.interleave2' op failed to verify that all of {vec1, vec2} have same type}}
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<4xf32>, vector<4xi32>) -> vector<8xf32>
  llvm.return
}

// -----

llvm.func @insert_result(%a: vector<8xf32>, %b: vector<4xf32>) {
  // expected-error @+1 {{'llvm.intr.vector.insert' op failed to verify that all of {dstvec, res} have same type}}
  %0 = "llvm.intr.vector.insert"(%a, %b) <{pos = 0 : i64}> : (vector<8xf32>, vector<4xf32>) -> vector<16xf32>
  llvm.return
}
