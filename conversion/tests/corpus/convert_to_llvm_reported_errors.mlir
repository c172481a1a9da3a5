// ARGS: --convert-to-llvm
// In --convert-to-llvm the func patterns report the same errors without
// failing the pass; the bodies of the functions left are lowered (memref,
// math, arith), and the other functions are lowered whole.

func.func @kept(%m: memref<8xf32>, %i: index) -> f32 attributes {llvm.readnone = "yes"} {
  %x = memref.load %m[%i] : memref<8xf32>
  %y = math.exp2 %x : f32
  %z = arith.mulf %x, %y : f32
  return %z : f32
}

func.func @lowered(%m: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<8xf32>
  %r = math.absf %x : f32
  return %r : f32
}

module @inner {
  func.func private @ext(%a: i32) attributes {func.varargs = true, llvm.emit_c_interface}
}
