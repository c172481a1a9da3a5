// ARGS: --convert-to-llvm=filter-dialects=memref,math
// memref is loaded (and with it arith and cf), math is not: no math op in
// the input, and neither func nor memref depends on it.

func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}
