// Region-branch ops in affine: MLIR 22 declares RegionBranchOpInterface on
// affine.for and affine.if but gives them none of the region-branch
// canonicalizations scf ops get, so unused, duplicated and passed-through
// iter_args, one-trip loops with iter_args and if results equal on both
// branches all stay.
func.func @dead_iter(%a: f32, %b: f32, %m: memref<8xf32>) -> f32 {
  %r:2 = affine.for %i = 0 to 8 iter_args(%x = %a, %y = %b) -> (f32, f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    %s = arith.addf %x, %v : f32
    %t = arith.mulf %y, %v : f32
    affine.yield %s, %t : f32, f32
  }
  return %r#0 : f32
}
func.func @same_iter(%a: f32, %m: memref<8xf32>) -> (f32, f32) {
  %r:2 = affine.for %i = 0 to 8 iter_args(%x = %a, %y = %a) -> (f32, f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    %s = arith.addf %x, %v : f32
    %t = arith.addf %y, %v : f32
    affine.yield %s, %t : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
func.func @passthrough(%a: f32, %m: memref<8xf32>) -> f32 {
  %r = affine.for %i = 0 to 8 iter_args(%x = %a) -> (f32) {
    affine.store %x, %m[%i] : memref<8xf32>
    affine.yield %x : f32
  }
  return %r : f32
}
func.func @single(%a: f32, %m: memref<8xf32>) -> f32 {
  %r = affine.for %i = 3 to 4 iter_args(%x = %a) -> (f32) {
    %v = affine.load %m[%i] : memref<8xf32>
    %s = arith.addf %x, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}
#ge2 = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @if_same(%i: index, %a: f32, %m: memref<8xf32>) -> f32 {
  %r = affine.if #ge2(%i) -> f32 {
    affine.store %a, %m[%i] : memref<8xf32>
    affine.yield %a : f32
  } else {
    affine.yield %a : f32
  }
  return %r : f32
}
