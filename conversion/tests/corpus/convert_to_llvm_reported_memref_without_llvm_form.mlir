// ARGS: --convert-to-llvm
// A memref whose layout is not strided or whose memory space is not an
// integer has no LLVM form: the type conversion reports it at an unknown
// location (for a function's signature each time it is converted) and the
// function stays; the others are lowered.
func.func @f(%a: memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>, %b: memref<4xf32, "x">, %i: index) -> memref<4xf32, "x"> {
  %0 = memref.load %a[%i] : memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>
  return %b : memref<4xf32, "x">
}
func.func @g(%a: memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {
  return
}
func.func private @h(%a: memref<4xf32, "y">)
func.func @fine(%a: memref<4xf32>, %i: index) -> f32 {
  %0 = memref.load %a[%i] : memref<4xf32>
  return %0 : f32
}
