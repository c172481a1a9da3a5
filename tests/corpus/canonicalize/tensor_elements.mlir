// Extracts from constant tensors (splat, dense, sparse, complex) fold to
// scalar constants, materialized in the order the extracts fold; a
// from_elements of complex constants becomes one dense complex constant.

func.func @extract_everywhere(%i: index) -> (i16, f64, f64, i8, complex<f64>, complex<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %splat = arith.constant dense<7> : tensor<5xi16>
  %a = tensor.extract %splat[%i] : tensor<5xi16>
  %sparse = arith.constant sparse<[[0, 1], [2, 0]], [1.5, 2.5]> : tensor<3x2xf64>
  %b = tensor.extract %sparse[%c2, %c0] : tensor<3x2xf64>
  %c = tensor.extract %sparse[%c1, %c1] : tensor<3x2xf64>
  %dense = arith.constant dense<[[3, -4], [5, -6]]> : tensor<2x2xi8>
  %d = tensor.extract %dense[%c1, %c0] : tensor<2x2xi8>
  %cplx = arith.constant dense<[(1.0, -1.0), (0.5, 4.0)]> : tensor<2xcomplex<f64>>
  %e = tensor.extract %cplx[%c1] : tensor<2xcomplex<f64>>
  %sparse_c = arith.constant sparse<[[1]], [(3, 4)]> : tensor<4xcomplex<i16>>
  %f = tensor.extract %sparse_c[%c2] : tensor<4xcomplex<i16>>
  return %a, %b, %c, %d, %e, %f : i16, f64, f64, i8, complex<f64>, complex<i16>
}

func.func @extract_out_of_bounds_stays() -> i32 {
  %c9 = arith.constant 9 : index
  %dense = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %a = tensor.extract %dense[%c9] : tensor<3xi32>
  return %a : i32
}

func.func @complex_elements_gathered() -> (tensor<2x2xcomplex<f32>>, tensor<3xcomplex<i8>>) {
  %p = arith.constant dense<(2.5, -1.0)> : tensor<complex<f32>>
  %q = arith.constant dense<[(0.0, 1.0), (7.0, 8.0)]> : tensor<2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  %x = tensor.extract %p[] : tensor<complex<f32>>
  %y = tensor.extract %q[%c1] : tensor<2xcomplex<f32>>
  %t = tensor.from_elements %x, %y, %y, %x : tensor<2x2xcomplex<f32>>
  %r = arith.constant dense<(5, 6)> : tensor<complex<i8>>
  %z = tensor.extract %r[] : tensor<complex<i8>>
  %u = tensor.from_elements %z, %z, %z : tensor<3xcomplex<i8>>
  return %t, %u : tensor<2x2xcomplex<f32>>, tensor<3xcomplex<i8>>
}
