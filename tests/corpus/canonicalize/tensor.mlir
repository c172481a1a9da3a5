// tensor canonicalization patterns: chains of casts and bitcasts, dim of
// casts, destinations, reshapes and empty tensors, constant sizes into
// tensor.empty and tensor.generate types, extract through casts and from
// tensor.generate (its body copied, kept when it has effects),
// extract_slice with constant operands and of casts, encodings kept.

func.func @cast_chains(%t: tensor<?x?xf32>, %u: tensor<4x?xf32>) -> (tensor<?x?xf32>, tensor<4x8xf32>, tensor<*xf32>) {
  %0 = tensor.cast %t : tensor<?x?xf32> to tensor<4x?xf32>
  %1 = tensor.cast %0 : tensor<4x?xf32> to tensor<?x?xf32>
  %2 = tensor.cast %u : tensor<4x?xf32> to tensor<?x?xf32>
  %3 = tensor.cast %2 : tensor<?x?xf32> to tensor<4x8xf32>
  %4 = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  %5 = tensor.cast %4 : tensor<*xf32> to tensor<?x?xf32>
  %6 = tensor.cast %5 : tensor<?x?xf32> to tensor<*xf32>
  return %1, %3, %6 : tensor<?x?xf32>, tensor<4x8xf32>, tensor<*xf32>
}

func.func @bitcast_chain(%t: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = tensor.bitcast %t : tensor<4xi32> to tensor<4xui32>
  %1 = tensor.bitcast %0 : tensor<4xui32> to tensor<4xf32>
  %2 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %3 = tensor.bitcast %2 : tensor<4xf32> to tensor<4xi32>
  return %1, %3 : tensor<4xf32>, tensor<4xi32>
}

func.func @dims(%t: tensor<4x?xf32>, %d: tensor<?x?xf32>, %s: f32, %i: index, %shape: tensor<2xi32>, %shape2: tensor<2xindex>, %src: tensor<*xf32>) -> (index, index, index, index, index) {
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.dim %0, %i : tensor<?x?xf32>
  %2 = tensor.insert %s into %d[%i, %i] : tensor<?x?xf32>
  %3 = tensor.dim %2, %i : tensor<?x?xf32>
  %4 = tensor.reshape %src(%shape) : (tensor<*xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %5 = tensor.dim %4, %i : tensor<?x?xf32>
  %6 = tensor.reshape %src(%shape2) : (tensor<*xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %7 = tensor.dim %6, %c1 : tensor<?x?xf32>
  %8 = tensor.insert_slice %t into %d[0, 0] [4, %i] [1, 1] : tensor<4x?xf32> into tensor<?x?xf32>
  %9 = tensor.dim %8, %i : tensor<?x?xf32>
  return %1, %3, %5, %7, %9 : index, index, index, index, index
}

func.func @empty(%n: index, %m: index) -> (tensor<?x?x?xf32>, index, index, tensor<4x?xf32>) {
  %c5 = arith.constant 5 : index
  %c-1 = arith.constant -1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.empty(%n, %c5, %c-1) : tensor<?x?x?xf32>
  %1 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %2 = tensor.dim %1, %c1 : tensor<?x?xf32>
  %3 = tensor.dim %1, %c0 : tensor<?x?xf32>
  %4 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %5 = tensor.cast %4 : tensor<?x?xf32> to tensor<4x?xf32>
  return %0, %2, %3, %5 : tensor<?x?x?xf32>, index, index, tensor<4x?xf32>
}

func.func @extracts(%t: tensor<?xi32>, %u: tensor<4xi32>, %i: index, %x: tensor<2xindex>) -> (i32, i32, index) {
  %0 = tensor.cast %t : tensor<?xi32> to tensor<4xi32>
  %1 = tensor.extract %0[%i] : tensor<4xi32>
  %2 = tensor.cast %u : tensor<4xi32> to tensor<?xi32>
  %3 = tensor.extract %2[%i] : tensor<?xi32>
  %4 = arith.index_cast %u : tensor<4xi32> to tensor<4xindex>
  %5 = tensor.extract %4[%i] : tensor<4xindex>
  return %1, %3, %5 : i32, i32, index
}

func.func @generate_static(%n: index) -> tensor<?x?xindex> {
  %c3 = arith.constant 3 : index
  %0 = tensor.generate %n, %c3 {
  ^bb0(%i: index, %j: index):
    %1 = arith.addi %i, %j : index
    tensor.yield %1 : index
  } : tensor<?x?xindex>
  return %0 : tensor<?x?xindex>
}

func.func @concat_single(%t: tensor<4xf32>) -> tensor<?xf32> {
  %0 = tensor.concat dim(0) %t : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @cast_into_slice(%t: tensor<128x512xf32>, %o: index, %s: index) -> tensor<16x512xf32> {
  %0 = tensor.extract_slice %t[%o, 0] [%s, 512] [1, 1] : tensor<128x512xf32> to tensor<?x512xf32>
  %1 = tensor.cast %0 : tensor<?x512xf32> to tensor<16x512xf32>
  return %1 : tensor<16x512xf32>
}

func.func @slice_constants(%t: tensor<8x16x4xf32>, %i: index) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%c0, %c1, %i] [%c4, %c2, %c1] [%c1, %c2, %c1] : tensor<8x16x4xf32> to tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @slice_rank_reducing(%t: tensor<8x16xf32>, %i: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%i, 2] [1, %c4] [1, %c1] : tensor<8x16xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @slice_out_of_bounds(%t: tensor<8xf32>) -> tensor<2xf32> {
  %c9 = arith.constant 9 : index
  %0 = tensor.extract_slice %t[%c9] [2] [1] : tensor<8xf32> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @slice_of_cast(%t: tensor<16x16xf32>, %i: index) -> tensor<3x4xf32> {
  %0 = tensor.cast %t : tensor<16x16xf32> to tensor<?x?xf32>
  %1 = tensor.extract_slice %0[%i, %i] [3, 4] [1, 1] : tensor<?x?xf32> to tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

func.func @slice_of_cast_to_static(%t: tensor<?x?xf32>, %i: index) -> tensor<3x4xf32> {
  %0 = tensor.cast %t : tensor<?x?xf32> to tensor<16x16xf32>
  %1 = tensor.extract_slice %0[%i, %i] [3, 4] [1, 1] : tensor<16x16xf32> to tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

func.func @slice_constant_same_type(%t: tensor<8xf32>) -> tensor<4xf32> {
  %c2 = arith.constant 2 : index
  %0 = tensor.extract_slice %t[%c2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @encodings(%n: index, %t: tensor<?xf32, "enc">) -> (tensor<?x?xf32, "enc">, tensor<4xf32, "enc">, index) {
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %0 = tensor.empty(%n, %c5) : tensor<?x?xf32, "enc">
  %1 = tensor.cast %t : tensor<?xf32, "enc"> to tensor<4xf32, "enc">
  %2 = tensor.cast %1 : tensor<4xf32, "enc"> to tensor<?xf32, "enc">
  %3 = tensor.cast %2 : tensor<?xf32, "enc"> to tensor<4xf32, "enc">
  %4 = tensor.dim %2, %c0 : tensor<?xf32, "enc">
  return %0, %3, %4 : tensor<?x?xf32, "enc">, tensor<4xf32, "enc">, index
}

func.func @slice_encoding(%t: tensor<8x16xf32, "enc">, %i: index) -> (tensor<?x4xf32, "enc">, tensor<?xf32>) {
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%i, 2] [%c4, 4] [1, 1] : tensor<8x16xf32, "enc"> to tensor<?x4xf32, "enc">
  %1 = tensor.extract_slice %t[%i, 2] [1, %c4] [1, 1] : tensor<8x16xf32, "enc"> to tensor<?xf32>
  return %0, %1 : tensor<?x4xf32, "enc">, tensor<?xf32>
}

func.func @insert_constants(%s: tensor<?x?xf32>, %d: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.insert_slice %s into %d[%c0, %i] [%c4, %c4] [1, %c1] : tensor<?x?xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func @insert_rank_reducing(%s: tensor<?xf32>, %d: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %c4 = arith.constant 4 : index
  %0 = tensor.insert_slice %s into %d[%i, 0] [1, %c4] [1, 1] : tensor<?xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func @insert_source_static(%s: tensor<64x64xf32>, %d: tensor<?x?xf32>, %i: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.insert_slice %s into %d[%i, 0] [64, 64] [1, 1] : tensor<64x64xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @insert_of_casts(%s: tensor<4x4xf32>, %d: tensor<8x16xf32>, %i: index) -> tensor<?x?xf32> {
  %0 = tensor.cast %s : tensor<4x4xf32> to tensor<?x?xf32>
  %1 = tensor.cast %d : tensor<8x16xf32> to tensor<?x?xf32>
  %2 = tensor.dim %0, %i : tensor<?x?xf32>
  %3 = tensor.insert_slice %0 into %1[%i, 0] [%2, %2] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

func.func @insert_of_cast_source(%s: tensor<4x?xf32>, %d: tensor<8x16xf32>, %i: index, %n: index) -> tensor<8x16xf32> {
  %0 = tensor.cast %s : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %0 into %d[%i, 0] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

func.func @insert_of_cast_to_static(%s: tensor<?x?xf32>, %d: tensor<8x16xf32>, %i: index) -> tensor<8x16xf32> {
  %0 = tensor.cast %s : tensor<?x?xf32> to tensor<4x4xf32>
  %1 = tensor.insert_slice %0 into %d[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

func.func @insert_rank_reduced_cast(%s: tensor<4xf32>, %d: tensor<8x16xf32>, %i: index, %n: index) -> tensor<8x16xf32> {
  %0 = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  %1 = tensor.insert_slice %0 into %d[%i, 0] [1, %n] [1, 1] : tensor<?xf32> into tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// tensor.extract of tensor.generate: the body copied with the indices.
func.func @extract_from_generate(%n: index, %i: index, %j: index) -> (index, f32) {
  %t = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    %m = arith.muli %s, %a : index
    tensor.yield %m : index
  } : tensor<?x8xindex>
  %e = tensor.extract %t[%i, %j] : tensor<?x8xindex>
  %u = tensor.generate {
  ^bb0(%a: index):
    %f = arith.constant 1.5 : f32
    tensor.yield %f : f32
  } : tensor<4xf32>
  %g = tensor.extract %u[%i] : tensor<4xf32>
  return %e, %g : index, f32
}

// A generate that is used elsewhere too still gives its value; one whose
// body has effects is kept; a yield of an outer value.
func.func @extract_from_generate_kept(%n: index, %i: index, %x: f32, %mem: memref<4xf32>) -> (f32, f32, tensor<?xf32>, f32) {
  %t = tensor.generate %n {
  ^bb0(%a: index):
    tensor.yield %x : f32
  } : tensor<?xf32>
  %e = tensor.extract %t[%i] : tensor<?xf32>
  %u = tensor.generate {
  ^bb0(%a: index):
    %v = memref.load %mem[%a] : memref<4xf32>
    memref.store %x, %mem[%a] : memref<4xf32>
    tensor.yield %v : f32
  } : tensor<4xf32>
  %g = tensor.extract %u[%i] : tensor<4xf32>
  %w = tensor.generate {
  ^bb0(%a: index):
    %v = memref.load %mem[%a] : memref<4xf32>
    tensor.yield %v : f32
  } : tensor<4xf32>
  %h = tensor.extract %w[%i] : tensor<4xf32>
  return %e, %g, %t, %h : f32, f32, tensor<?xf32>, f32
}

// The static-size pattern and the extract together.
func.func @extract_from_generate_static(%i: index) -> index {
  %c4 = arith.constant 4 : index
  %t = tensor.generate %c4 {
  ^bb0(%a: index):
    %s = arith.addi %a, %a : index
    tensor.yield %s : index
  } : tensor<?xindex>
  %e = tensor.extract %t[%i] : tensor<?xindex>
  return %e : index
}

// mlir-opt 22 has no pattern for an extract of a collapse_shape (older
// releases' ExtractFromCollapseShape): both stay.
func.func @extract_from_collapse_shape_kept(%t: tensor<4x8xf32>, %i: index) -> (f32, f32) {
  %c13 = arith.constant 13 : index
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %e = tensor.extract %c[%i] : tensor<32xf32>
  %f = tensor.extract %c[%c13] : tensor<32xf32>
  return %e, %f : f32, f32
}
