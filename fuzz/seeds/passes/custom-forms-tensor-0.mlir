func.func @create(%n: index, %m: index, %f: f32, %i: i32) -> (tensor<?x4xf32>, tensor<2x2xi32>) {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %e0 = tensor.empty() : tensor<3xf32, "enc">
  %fe = tensor.from_elements %i, %i, %i, %i : tensor<2x2xi32>
  %fe0 = tensor.from_elements %f : tensor<f32>
  %s = tensor.splat %f : tensor<8xf32>
  %sd = tensor.splat %f[%n, %m] : tensor<?x3x?xf32>
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %c = arith.index_cast %a : index to i32
    tensor.yield %c : i32
  } : tensor<?x3xi32>
  %g0 = tensor.generate {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } {note = "static"} : tensor<4xf32>
  return %e, %fe : tensor<?x4xf32>, tensor<2x2xi32>
}

func.func @elements(%t: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index, %j: index, %f: f32) -> f32 {
  %x = tensor.extract %t[%i, %j] : tensor<4x?xf32>
  %t2 = tensor.insert %f into %t[%i, %j] : tensor<4x?xf32>
  %d = tensor.dim %t, %j : tensor<4x?xf32>
  %d2 = tensor.dim {hint = 1 : i64} %u, %i : tensor<*xf32>
  %r = tensor.rank %u : tensor<*xf32>
  %r2 = tensor.rank %t : tensor<4x?xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<*xf32>
  %c2 = tensor.cast %u : tensor<*xf32> to tensor<?x8xf32>
  %bc = tensor.bitcast %t : tensor<4x?xf32> to tensor<4x?xi32>
  %s0 = tensor.from_elements %f : tensor<f32>
  %x0 = tensor.extract %s0[] : tensor<f32>
  return %x : f32
}

func.func @slices(%t: tensor<8x16x4xf32>, %d: tensor<?x?xf32>, %o: index, %sz: index, %st: index) {
  %0 = tensor.extract_slice %t[0, 2, 0][4, 4, 4][1, 1, 1] : tensor<8x16x4xf32> to tensor<4x4x4xf32>
  %1 = tensor.extract_slice %t[%o, 4, %o][1, %sz, 1][1, %st, 1] : tensor<8x16x4xf32> to tensor<1x?xf32>
  %2 = tensor.extract_slice %t[0, 0, 0][1, 16, 4][1, 1, 1] : tensor<8x16x4xf32> to tensor<16x4xf32>
  %3 = tensor.extract_slice %d[%o, %o][%sz, %sz][%st, %st] {tag} : tensor<?x?xf32> to tensor<?x?xf32>
  %4 = tensor.insert_slice %2 into %t[0, 0, 0][1, 16, 4][1, 1, 1] : tensor<16x4xf32> into tensor<8x16x4xf32>
  %5 = tensor.insert_slice %1 into %t[%o, 4, %o][1, %sz, 1][1, %st, 1] : tensor<1x?xf32> into tensor<8x16x4xf32>
  %6 = tensor.insert_slice %3 into %d[0, %o][%sz, %sz][1, 2] : tensor<?x?xf32> into tensor<?x?xf32>
  return
}

func.func @parallel(%out: tensor<16xf32>, %s: tensor<4xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> tensor<16xf32> {
    %off = arith.muli %i, %i : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off][4][1] : tensor<4xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

func.func @reshapes(%t: tensor<?x32xf32>, %n: index, %s: tensor<2xi32>, %c: tensor<8x4xf32>, %u: tensor<*xf32>, %sd: tensor<?xindex>) {
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 4, 32] : tensor<?x32xf32> into tensor<?x4x32xf32>
  %col = tensor.collapse_shape %e [[0, 1], [2]] : tensor<?x4x32xf32> into tensor<?x32xf32>
  %e2 = tensor.expand_shape %c [[0, 1], [2, 3]] output_shape [2, 4, 4, 1] : tensor<8x4xf32> into tensor<2x4x4x1xf32>
  %c2 = tensor.collapse_shape %e2 [[0, 1, 2, 3]] : tensor<2x4x4x1xf32> into tensor<32xf32>
  %r = tensor.reshape %c(%s) : (tensor<8x4xf32>, tensor<2xi32>) -> tensor<4x8xf32>
  %r2 = tensor.reshape %u(%sd) : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  %c3 = tensor.collapse_shape %e2 [[0, 1, 2], [3]] {kept} : tensor<2x4x4x1xf32> into tensor<32x1xf32>
  return
}

func.func @concat_and_pad(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>, %d: tensor<?x4xf32>, %l: index, %f: f32) {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  %c2 = tensor.concat dim(0) %a, %d : (tensor<2x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %c3 = tensor.concat dim(1) %a : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %p = tensor.pad %a low[1, %l] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<2x4xf32> to tensor<5x?xf32>
  %p2 = tensor.pad %b nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %f : f32
  } : tensor<3x4xf32> to tensor<3x4xf32>
  %p3 = tensor.pad %d low[%l, 1] high[%l, 1] {
  ^bb0(%i: index, %j: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } {tag = 3 : i64} : tensor<?x4xf32> to tensor<?x6xf32>
  return
}

func.func @gather_scatter(%src: tensor<4x4x4xf32>, %idx: tensor<1x2x3xindex>, %idx1: tensor<6x7x1xi32>, %s3: tensor<3x4x5xf32>) {
  %g = tensor.gather %src[%idx] gather_dims([0, 1, 2]) : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x1xf32>
  %g2 = tensor.gather %src[%idx] gather_dims([0, 1, 2]) unique : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  %g3 = tensor.gather %s3[%idx1] gather_dims([1]) : (tensor<3x4x5xf32>, tensor<6x7x1xi32>) -> tensor<6x7x3x1x5xf32>
  %s = tensor.scatter %g into %src[%idx] scatter_dims([0, 1, 2]) unique : (tensor<1x2x1x1x1xf32>, tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<4x4x4xf32>
  %s2 = tensor.scatter %g2 into %src[%idx] scatter_dims([0, 1, 2]) unique : (tensor<1x2xf32>, tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<4x4x4xf32>
  return
}
