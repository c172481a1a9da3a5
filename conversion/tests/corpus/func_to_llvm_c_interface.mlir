// ARGS: --convert-func-to-llvm
// `llvm.emit_c_interface`: a defined function gets a `_mlir_ciface_`
// wrapper that loads the descriptors it is given by pointer and calls it;
// a declaration gets a private body that stores its descriptors on the
// stack and calls the external `_mlir_ciface_` function. Several results
// go through a pointer passed first.

func.func private @ext(memref<4xf32>, i32) -> f32 attributes {llvm.emit_c_interface}
func.func private @ext_pair(memref<*xf32>) -> (i32, f64) attributes {llvm.emit_c_interface}

func.func @defined(%m: memref<?x?xf32>, %k: index) -> f32 attributes {llvm.emit_c_interface} {
  %c = arith.constant 3 : i32
  %x = memref.alloc() : memref<4xf32>
  %r = call @ext(%x, %c) : (memref<4xf32>, i32) -> f32
  return %r : f32
}

func.func @pair(%a: i32 {llvm.noundef}) -> (i32, i64) attributes {llvm.emit_c_interface} {
  %b = arith.extsi %a : i32 to i64
  return %a, %b : i32, i64
}

func.func @unranked(%u: memref<*xf32>) attributes {llvm.emit_c_interface} {
  %p:2 = call @ext_pair(%u) : (memref<*xf32>) -> (i32, f64)
  return
}

func.func @scalar(%x: f32) -> f32 attributes {llvm.emit_c_interface} {
  return %x : f32
}
