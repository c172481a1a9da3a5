// RUN: ods-opt %s --verify-diagnostics --split-input-file
// vector.load and vector.store used wrongly: subscript counts, ranks,
// element types, memrefs of vectors, layouts whose innermost stride is
// not 1 (scalable vectors checked whatever their size), alignments and
// result types the constraints reject.

func.func @load_index_count(%m: memref<4x4xf16>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %v = vector.load %m[%i] : memref<4x4xf16>, vector<2xf16>
  return
}

// -----

func.func @load_rank(%m: memref<16xf16>, %i: index) {
  // expected-error @+1 {{'vector.load' op destination memref has lower rank than the result vector}}
  %v = vector.load %m[%i] : memref<16xf16>, vector<2x2xf16>
  return
}

// -----

func.func @load_elements(%m: memref<16xi16>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %v = vector.load %m[%i] : memref<16xi16>, vector<2xf16>
  return
}

// -----

func.func @load_vector_memref(%m: memref<16xvector<2xf16>>, %i: index) {
  // expected-error @+1 {{'vector.load' op base memref and result vector types should match}}
  %v = vector.load %m[%i] : memref<16xvector<2xf16>>, vector<4xf16>
  return
}

// -----

func.func @load_stride(%m: memref<4x4xf16, strided<[1, 4]>>, %i: index) {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x4xf16, strided<[1, 4]>>, vector<2xf16>
  return
}

// -----

func.func @load_scalable_stride(%m: memref<4x4xf16, strided<[1, 4]>>, %i: index) {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x4xf16, strided<[1, 4]>>, vector<[1]xf16>
  return
}

// -----

func.func @store_index_count(%m: memref<4x4xf16>, %i: index, %v: vector<2xf16>) {
  // expected-error @+1 {{'vector.store' op requires 2 indices}}
  vector.store %v, %m[%i, %i, %i] : memref<4x4xf16>, vector<2xf16>
  return
}

// -----

func.func @store_rank(%m: memref<16xf16>, %i: index, %v: vector<2x2xf16>) {
  // expected-error @+1 {{'vector.store' op source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<16xf16>, vector<2x2xf16>
  return
}

// -----

func.func @store_elements(%m: memref<16xi16>, %i: index, %v: vector<2xf16>) {
  // expected-error @+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<16xi16>, vector<2xf16>
  return
}

// -----

func.func @store_vector_memref(%m: memref<16xvector<2xf16>>, %i: index, %v: vector<4xf16>) {
  // expected-error @+1 {{'vector.store' op base memref and valueToStore vector types should match}}
  vector.store %v, %m[%i] : memref<16xvector<2xf16>>, vector<4xf16>
  return
}

// -----

func.func @store_stride(%m: memref<4x4xf16, strided<[1, 4]>>, %i: index, %v: vector<2xf16>) {
  // expected-error @+1 {{'vector.store' op most minor memref dim must have unit stride}}
  vector.store %v, %m[%i, %i] : memref<4x4xf16, strided<[1, 4]>>, vector<2xf16>
  return
}

// -----

func.func @load_alignment(%m: memref<16xf16>, %i: index) {
  // expected-error @+1 {{'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %v = vector.load %m[%i] {alignment = 6 : i64} : memref<16xf16>, vector<2xf16>
  return
}

// -----

func.func @load_not_vector(%m: memref<16xf16>, %i: index) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.vector, but found 'f16'}}
  %v = vector.load %m[%i] : memref<16xf16>, f16
  return
}
