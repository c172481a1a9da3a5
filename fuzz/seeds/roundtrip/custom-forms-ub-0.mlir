func.func @poison_scalars() -> (i1, i32, index, f16, f64) {
  %0 = ub.poison : i1
  %1 = ub.poison : i32
  %2 = ub.poison <#ub.poison> : index
  %3 = ub.poison : f16
  %4 = ub.poison<#ub.poison> : f64
  return %0, %1, %2, %3, %4 : i1, i32, index, f16, f64
}

func.func @poison_aggregates() -> (vector<4xi64>, vector<[8]xf32>, tensor<2x?xbf16>, memref<3xi8>, complex<f32>) {
  %0 = ub.poison : vector<4xi64>
  %1 = ub.poison <#ub.poison> : vector<[8]xf32>
  %2 = ub.poison : tensor<2x?xbf16>
  %3 = ub.poison {tag = "m"} : memref<3xi8>
  %4 = ub.poison {a = 1 : i32, b} <#ub.poison> : complex<f32>
  return %0, %1, %2, %3, %4 : vector<4xi64>, vector<[8]xf32>, tensor<2x?xbf16>, memref<3xi8>, complex<f32>
}

func.func @poison_in_regions(%c: i1) -> vector<2x3xf16> {
  %r = scf.if %c -> vector<2x3xf16> {
    %p = ub.poison : vector<2x3xf16>
    scf.yield %p : vector<2x3xf16>
  } else {
    %q = ub.poison <#ub.poison> : vector<2x3xf16>
    scf.yield %q : vector<2x3xf16>
  }
  return %r : vector<2x3xf16>
}

func.func @unreachable(%c: i1) {
  cf.cond_br %c, ^dead, ^live
^dead:
  ub.unreachable
^live:
  cf.br ^also_dead
^also_dead:
  ub.unreachable {reason = "impossible"}
}

func.func @only_unreachable() {
  ub.unreachable
}
