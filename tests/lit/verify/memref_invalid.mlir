// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// memref ops used wrongly: hand-written parse errors and the verifiers'
// messages, each where mlir-opt places it.

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @store_indices(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @alloc_symbol_count() {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<8x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  return
}

// -----

func.func @prefetch_rw(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], readwrite, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @atomic_kind(%m: memref<4xi32>, %i: index, %v: i32) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<[1, 2]> : tensor<2xi32>}> : () -> ()

// -----

memref.global @g : memref<2xf32>
func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @subview_type(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 9>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[1, 1][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @collapse_groups(%m: memref<4x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (8) must equal reassociation group size (16)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<8xf32>
  return
}

// -----

func.func @dma_wait_indices(%tag: memref<1xi32>, %i: index, %n: index) {
  // expected-error @+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %tag[%i, %i], %n : memref<1xi32>
  return
}

// -----

// OffsetSizeAndStrideOpInterface's checks run before the op's own.
func.func @subview_ranks(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[1][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 8>>
  return
}

// -----

func.func @subview_dynamic_count(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>, index) -> memref<4x4xf32, strided<[8, 1], offset: 9>>
  return
}

// -----

func.func @subview_too_many(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 3}}
  %0 = memref.subview %m[1, 1, 1][4, 4, 4][1, 1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 9>>
  return
}

// -----

func.func @subview_negative(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[-1, 1][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 9>>
  return
}

// -----

func.func @reinterpret_ranks(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %m to offset: [0, 0], sizes: [4], strides: [1] : memref<8x8xf32> to memref<4xf32>
  return
}

// -----

func.func @alloc_alignment_property_of_the_wrong_kind() {
  // expected-error @+1 {{invalid properties {alignment = "x", operandSegmentSizes = array<i32: 0, 0>} for op memref.alloc: Invalid attribute `alignment` in property conversion: "x"}}
  %0 = "memref.alloc"() <{alignment = "x", operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

// `CastOpInterface`: a static size that changes.
func.func @cast_size(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_memory_space(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<?xf32, 1>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32, 1>
  return
}

// -----

// Unranked to unranked is rejected even for one type.
func.func @cast_unranked(%m: memref<*xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

// Static strides must agree; dynamic ones match anything.
func.func @cast_strides(%m: memref<4xf32, strided<[2], offset: 3>>) {
  %0 = memref.cast %m : memref<4xf32, strided<[2], offset: 3>> to memref<4xf32, strided<[?], offset: ?>>
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32, strided<[2], offset: 3>>' and result type 'memref<4xf32, strided<[1], offset: 3>>' are cast incompatible}}
  %1 = memref.cast %m : memref<4xf32, strided<[2], offset: 3>> to memref<4xf32, strided<[1], offset: 3>>
  return
}

// -----

// The interface's check comes before `SameOperandsAndResultShape`.
func.func @memory_space_cast_shape(%m: memref<4xf32>) {
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<4xf32, 1>
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<?xf32, 1>' are cast incompatible}}
  %1 = memref.memory_space_cast %m : memref<4xf32> to memref<?xf32, 1>
  return
}

// -----

// Affine-map layouts that are not strided: a division or remainder reached
// through the sum, or more than one result.
func.func @transpose_floordiv_layout(%m: memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {
  // expected-error @+1 {{'memref.transpose' op operand #0 must be strided memref of any type values, but got 'memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>'}}
  %0 = memref.transpose %m (d0) -> (d0) : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>> to memref<8xf32, strided<[?], offset: ?>>
  return
}

// -----

func.func @transpose_permuted_layout(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{'memref.transpose' op operand #0 must be strided memref of any type values, but got 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32, strided<[1, 4]>>
  return
}

// -----

func.func @metadata_mod_offset(%m: memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0 mod 2)>>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op operand #0 must be strided memref of any type values, but got 'memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0 mod 2)>>'}}
  %base, %offset, %size, %stride = memref.extract_strided_metadata %m : memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0 mod 2)>> -> memref<f32>, index, index, index
  return
}

// -----

func.func @collapse_floordiv_offset(%m: memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0 floordiv 2)>>) {
  // expected-error @+1 {{'memref.collapse_shape' op operand #0 must be strided memref of any type values, but got 'memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0 floordiv 2)>>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0 floordiv 2)>> into memref<16xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @subview_ceildiv_layout(%m: memref<8xf32, affine_map<(d0) -> (d0 ceildiv 2)>>) {
  // expected-error @+1 {{base type 'memref<8xf32, affine_map<(d0) -> (d0 ceildiv 2)>>' is not strided}}
  %0 = memref.subview %m[0] [4] [1] : memref<8xf32, affine_map<(d0) -> (d0 ceildiv 2)>> to memref<4xf32, strided<[?], offset: ?>>
  return
}

// -----

// memref.transpose compares both layouts in canonical form and names the
// expected type so: an affine map, or no layout when contiguous.
func.func @transpose_canonical_contiguous(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<4x8xf32, strided<[8, 2]>>' is not equivalent to the canonical transposed input type 'memref<4x8xf32>'}}
  %0 = memref.transpose %m (d0, d1) -> (d0, d1) : memref<4x8xf32> to memref<4x8xf32, strided<[8, 2]>>
  return
}

// -----

func.func @transpose_canonical_static(%m: memref<4x8x2xf32, strided<[16, 2, 1], offset: 5>>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<2x4x8xf32>' is not equivalent to the canonical transposed input type 'memref<2x4x8xf32, affine_map<(d0, d1, d2) -> (d0 + d1 * 16 + d2 * 2 + 5)>>'}}
  %0 = memref.transpose %m (d0, d1, d2) -> (d2, d0, d1) : memref<4x8x2xf32, strided<[16, 2, 1], offset: 5>> to memref<2x4x8xf32>
  return
}

// -----

func.func @transpose_canonical_dynamic_sizes(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<?x?xf32>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_canonical_dynamic_offset(%m: memref<4x8xf32, strided<[8, 1], offset: ?>>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<8x4xf32, strided<[1, 8], offset: 2>>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * 8 + s0)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[8, 1], offset: ?>> to memref<8x4xf32, strided<[1, 8], offset: 2>>
  return
}

// -----

func.func @transpose_canonical_dynamic_strides(%m: memref<4x8xf32, strided<[?, ?], offset: ?>>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<8x4xf32, strided<[1, 8], offset: 2>>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<8x4xf32, strided<[1, 8], offset: 2>>
  return
}

// -----

func.func @transpose_canonical_map_result(%m: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 4)>>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 3)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x8xf32, strided<[8, 1], offset: 3>> to memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 4)>>
  return
}

// -----

// A zero offset along a dimension of dynamic stride adds zero: the
// expected offset stays static, so a dynamic one in the result is wrong.
func.func @subview_zero_offset_dynamic_stride(%m: memref<?x?x16x32xi8>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1x16x32xi8, strided<[?, 512, 32, 1], offset: 512>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<16x32xi8, strided<[32, 1], offset: ?>>'}}
  %0 = memref.subview %m[0, 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : memref<?x?x16x32xi8> to memref<16x32xi8, strided<[32, 1], offset: ?>>
  return
}
