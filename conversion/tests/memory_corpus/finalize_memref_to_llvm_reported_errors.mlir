// ARGS: --finalize-memref-to-llvm --split-input-file
// Errors the pass reports without failing: each printed, the op it is
// about left as it is, the rest lowered.
// An allocation function already defined with another type.
llvm.func @malloc(i64)
func.func @redefined_malloc() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<4xi8>
  return
}

// -----

llvm.func @free(i64) -> i32
func.func @redefined_free(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

llvm.func @memrefCopy(i64, !llvm.ptr)
func.func @redefined_memref_copy(%a: memref<4xf32>, %b: memref<4xf32, strided<[2]>>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32, strided<[2]>>
  return
}

// -----

// Memory spaces without an integer address space: reported once per
// memref type, at an unknown location.
func.func @memory_spaces(%a: memref<2xindex, "foo">, %i: index) {
  %c0 = arith.constant 0 : index
  memref.store %c0, %a[%c0] : memref<2xindex, "foo">
  %x = memref.load %a[%i] : memref<2xindex, "foo">
  %b = memref.alloc() : memref<10xf32, 1 : ui64>
  %c = memref.alloc() : memref<10xf32, 1 : si8>
  %d = memref.alloc() : memref<10xf32, 2 : i16>
  return
}

// -----

// A layout that is not strided.
func.func @not_strided(%a: memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>, %i: index) -> f32 {
  %x = memref.load %a[%i] : memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>
  return %x : f32
}
