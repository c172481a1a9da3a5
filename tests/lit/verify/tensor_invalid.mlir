// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// tensor ops used wrongly: the verifiers' messages (and one parse
// error), each where mlir-opt places it.

func.func @extract_indices(%t: tensor<4x?xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<4x?xf32>
  return
}

// -----

func.func @insert_indices(%t: tensor<4x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %f into %t[%i] : tensor<4x?xf32>
  return
}

// -----

func.func @empty_sizes(%i: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = tensor.empty(%i, %i) : tensor<4x?xf32>
  return
}

// -----

func.func @splat_sizes(%f: f32, %i: index) {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.splat %f[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @generate_sizes(%i: index) {
  // expected-error @+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return
}

// -----

func.func @generate_args(%i: index) {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate %i {
  ^bb0(%a: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<4x?xf32>
  return
}

// -----

func.func @generate_yield(%i: index) {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    %f = arith.constant 1 : i32
    tensor.yield %f : i32
  } : tensor<4x?xf32>
  return
}

// -----

func.func @generate_index_args(%i: index) {
  // expected-error @+1 {{all body arguments must be index}}
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: i32):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<4x?xf32>
  return
}

// -----

func.func @reshape_element(%t: tensor<4x1xf32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = tensor.reshape %t(%s) : (tensor<4x1xf32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @reshape_count(%t: tensor<4x1xf32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4x1xf32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @reshape_dynamic_shape(%t: tensor<4x1xf32>, %s: tensor<?xi32>) {
  // expected-error @+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4x1xf32>, tensor<?xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @reshape_rank(%t: tensor<4x1xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4x1xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_size(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @slice_offsets(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = tensor.extract_slice %t[0][4][1] : tensor<8x16xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @slice_element(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xi32>
  return
}

// -----

func.func @slice_rank(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank. }}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4x1xf32>
  return
}

// -----

func.func @slice_bounds(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 17 >= 16}}
  %0 = tensor.extract_slice %t[0, 14][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_strides(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_negative_offset(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[0, -1][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_negative_size(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -4}}
  %0 = tensor.extract_slice %t[0, 0][4, -4][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_offset_bounds(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{offset 1 is out-of-bounds: 16 >= 16}}
  %0 = tensor.extract_slice %t[0, 16][4, 0][1, 1] : tensor<8x16xf32> to tensor<4x0xf32>
  return
}

// -----

func.func @insert_slice_size(%t: tensor<8x16xf32>, %s: tensor<4x5xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.insert_slice %s into %t[0, 0][4, 4][1, 1] : tensor<4x5xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @concat_sizes(%a: tensor<2x4xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x5xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @concat_dim(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(2) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @concat_result(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tensor.concat' op result type 'tensor<6x4xf32>'does not match inferred shape 'tensor<5x4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2x4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @concat_element(%a: tensor<2x4xf32>, %b: tensor<3x4xi32>) {
  // expected-error @+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xi32>) -> tensor<5x4xf32>
  return
}

// -----

func.func @concat_empty() {
  // expected-error @+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<5x4xf32>
  return
}

// -----

func.func @gather_result(%t: tensor<4x4x4xf32>, %i: tensor<1x2x3xindex>) {
  // expected-error @+1 {{'tensor.gather' op result type mismatch: expected 'tensor<1x2x1x1x1xf32>' or its rank-reduced variant 'tensor<1x2xf32>' (got: 'tensor<1x2x1x1x2xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([0, 1, 2]) : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x2xf32>
  return
}

// -----

func.func @gather_dims_length(%t: tensor<4x4x4xf32>, %i: tensor<1x2x3xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %0 = tensor.gather %t[%i] gather_dims([0, 1]) : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x4xf32>
  return
}

// -----

func.func @gather_dims_order(%t: tensor<4x4x4xf32>, %i: tensor<1x2x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %t[%i] gather_dims([1, 0]) : (tensor<4x4x4xf32>, tensor<1x2x2xindex>) -> tensor<1x2x1x1x4xf32>
  return
}

// -----

func.func @gather_dims_rank(%t: tensor<4x4x4xf32>, %i: tensor<1x2x2xindex>) {
  // expected-error @+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %t[%i] gather_dims([0, 5]) : (tensor<4x4x4xf32>, tensor<1x2x2xindex>) -> tensor<1x2x1x1x4xf32>
  return
}

// -----

func.func @scatter_unique(%s: tensor<1x2x1x1x4xf32>, %t: tensor<4x4x4xf32>, %i: tensor<1x2x2xindex>) {
  // expected-error @+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0, 1]) : (tensor<1x2x1x1x4xf32>, tensor<4x4x4xf32>, tensor<1x2x2xindex>) -> tensor<4x4x4xf32>
  return
}

// -----

func.func @scatter_source(%s: tensor<1x2x1x1x5xf32>, %t: tensor<4x4x4xf32>, %i: tensor<1x2x2xindex>) {
  // expected-error @+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<1x2x1x1x4xf32>' or its rank-reduced variant 'tensor<1x2x4xf32>' (got: 'tensor<1x2x1x1x5xf32>')}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0, 1]) unique : (tensor<1x2x1x1x5xf32>, tensor<4x4x4xf32>, tensor<1x2x2xindex>) -> tensor<4x4x4xf32>
  return
}

// -----

func.func @pad_type(%t: tensor<2x3xf32>, %f: f32) {
  // expected-error @+1 {{specified type 'tensor<4x4xf32>' does not match the inferred type 'tensor<4x5xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @pad_lists(%t: tensor<2x3xf32>, %f: f32) {
  // expected-error @+1 {{failed to infer expectedType from sourceType 'tensor<2x3xf32>', specified resultType is 'tensor<4x5xf32>'}}
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @pad_block_args(%t: tensor<2x3xf32>, %f: f32) {
  // expected-error @+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @pad_yield(%t: tensor<2x3xf32>, %g: i32) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %g : i32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @pad_index_args(%t: tensor<2x3xf32>, %f: f32) {
  // expected-error @+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%a: index, %b: i32):
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @expand_static(%t: tensor<?x32xf32>, %n: index) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 1 of collapsed type to be static value of 33}}
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 4, 33] : tensor<?x32xf32> into tensor<?x4x33xf32>
  return
}

// -----

func.func @expand_contiguous(%t: tensor<8x32xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected reassociation map #1 to be valid and contiguous.}}
  %0 = tensor.expand_shape %t [[0, 1], [1, 2]] output_shape [2, 4, 32] : tensor<8x32xf32> into tensor<2x4x32xf32>
  return
}

// -----

func.func @expand_output_rank(%t: tensor<8x32xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4] : tensor<8x32xf32> into tensor<2x4x32xf32>
  return
}

// -----

func.func @expand_groups(%t: tensor<8x32xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %0 = tensor.expand_shape %t [[0, 1, 2]] output_shape [2, 4, 32] : tensor<8x32xf32> into tensor<2x4x32xf32>
  return
}

// -----

func.func @collapse_static(%t: tensor<2x4x32xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x4x32xf32> into tensor<9x32xf32>
  return
}

// -----

func.func @collapse_element(%t: tensor<2x4x32xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<8x32xf32>', but got 'tensor<8x32xi32>'}}
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x4x32xf32> into tensor<8x32xi32>
  return
}

// -----

func.func @collapse_dynamic(%t: tensor<2x?x32xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x?x32xf32> into tensor<8x32xf32>
  return
}

// -----

func.func @from_elements_count(%a: f32) {
  // expected-error @+1 {{number of operands and types do not match: got 2 operands and 3 types}}
  %0 = tensor.from_elements %a, %a : tensor<3xf32>
  return
}

// -----

func.func @yield_parent(%f: f32) {
  "t.region"() ({
    // expected-error @+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
    tensor.yield %f : f32
  }) : () -> ()
  return
}

// -----

func.func @parallel_insert_slice_size(%t: tensor<8x16xf32>, %s: tensor<4x5xf32>) {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> tensor<8x16xf32> {
    scf.forall.in_parallel {
      // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch) }}
      tensor.parallel_insert_slice %s into %o[0, 0][4, 4][1, 1] : tensor<4x5xf32> into tensor<8x16xf32>
    }
  }
  return
}


// -----

// `CastOpInterface`: the element type stays.
func.func @cast_element(%t: tensor<4xf32>) {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %2 = tensor.cast %t : tensor<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @cast_rank(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4x?xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4x?xf32>
  return
}

// -----

func.func @bitcast_width(%t: tensor<4xf32>) {
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi32>
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi64>' are cast incompatible}}
  %1 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi64>
  return
}

// -----

func.func @bitcast_shape(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<5xi32>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<5xi32>
  return
}
