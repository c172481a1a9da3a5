// RUN: ods-opt %s --verify-roundtrip | FileCheck %s
// RUN: ods-opt %s --verify-roundtrip --mlir-print-op-generic --split-input-file | FileCheck %s --check-prefix=GENERIC

// --verify-roundtrip prints the parsed IR in the generic form with its
// locations, reads that back and prints it again: the two texts must be
// equal. On success it adds nothing to the output.

// CHECK-LABEL: func.func @ops
// CHECK: math.fma %{{.*}} fastmath<fast> : f32
// CHECK: scf.if
// GENERIC: "func.func"
// GENERIC: "math.fma"
func.func @ops(%a: f32, %c: i1) -> f32 {
  %0 = math.sqrt %a : f32
  %1 = math.fma %a, %0, %a fastmath<fast> : f32
  %2 = scf.if %c -> f32 {
    scf.yield %1 : f32
  } else {
    scf.yield %a : f32
  }
  return %2 : f32
}

// -----

// Aliases, dense and resource-free attributes, nested regions.
#map = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @attrs
// GENERIC: "func.func"
func.func @attrs(%m: memref<4xf32>) -> tensor<2xi32> attributes {m = #map} {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %i = arith.constant 1 : index
  %v = memref.load %m[%i] : memref<4xf32>
  return %c : tensor<2xi32>
}
