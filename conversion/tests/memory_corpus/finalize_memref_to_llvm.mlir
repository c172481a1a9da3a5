// ARGS: --finalize-memref-to-llvm
// Allocations on the heap and the stack, static and dynamic, aligned,
// of scalars and vectors; loads and stores through identity and strided
// layouts; dim, extract_aligned_pointer_as_index,
// extract_strided_metadata; free.
func.func @alloc_load_store(%n: index, %i: index, %v: f32) -> f32 {
  %a = memref.alloc(%n) : memref<4x?xf32>
  memref.store %v, %a[%i, %i] : memref<4x?xf32>
  %x = memref.load %a[%i, %i] : memref<4x?xf32>
  memref.dealloc %a : memref<4x?xf32>
  return %x : f32
}

func.func @alloc_static() -> memref<4x8xf32> {
  %a = memref.alloc() : memref<4x8xf32>
  return %a : memref<4x8xf32>
}

func.func @alloc_aligned(%n: index) -> memref<?xi64> {
  %a = memref.alloc(%n) {alignment = 32} : memref<?xi64>
  return %a : memref<?xi64>
}

func.func @alloc_vectors(%n: index) -> memref<?x2xvector<4xf32>> {
  %a = memref.alloc(%n) : memref<?x2xvector<4xf32>>
  return %a : memref<?x2xvector<4xf32>>
}

func.func @alloc_three_dims(%n: index, %m: index) -> memref<?x3x?xi8> {
  %a = memref.alloc(%n, %m) : memref<?x3x?xi8>
  return %a : memref<?x3x?xi8>
}

func.func @alloca(%n: index) -> f32 {
  %a = memref.alloca(%n) : memref<?x2xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0, %c0] : memref<?x2xf32>
  return %x : f32
}

func.func @alloca_aligned() -> memref<16xi32> {
  %a = memref.alloca() {alignment = 64} : memref<16xi32>
  return %a : memref<16xi32>
}

func.func @alloc_0d() -> f64 {
  %a = memref.alloc() : memref<f64>
  %x = memref.load %a[] : memref<f64>
  memref.dealloc %a : memref<f64>
  return %x : f64
}

func.func @strided(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %s: memref<8xi16, strided<[4], offset: 3>>, %i: index, %j: index) -> i16 {
  %x = memref.load %m[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
  memref.store %x, %m[%j, %i] : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %y = memref.load %s[%i] {nontemporal = true} : memref<8xi16, strided<[4], offset: 3>>
  return %y : i16
}

func.func @dim(%m: memref<4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.dim %m, %c0 : memref<4x?xf32>
  %b = memref.dim %m, %c1 : memref<4x?xf32>
  return %a, %b : index, index
}

func.func @metadata(%m: memref<?x8xf32, strided<[8, 1], offset: ?>>) -> (memref<f32>, index, index, index, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x8xf32, strided<[8, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %m : memref<?x8xf32, strided<[8, 1], offset: ?>> -> index
  return %base, %off, %sizes#0, %strides#0, %p : memref<f32>, index, index, index, index
}

func.func @reinterpret(%m: memref<?xf32>, %o: index, %n: index) -> memref<?x4xf32, strided<[4, 1], offset: ?>> {
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  return %r : memref<?x4xf32, strided<[4, 1], offset: ?>>
}

func.func @reinterpret_static(%m: memref<f32>) -> memref<2x3xf32, strided<[3, 1], offset: 5>> {
  %r = memref.reinterpret_cast %m to offset: [5], sizes: [2, 3], strides: [3, 1] : memref<f32> to memref<2x3xf32, strided<[3, 1], offset: 5>>
  return %r : memref<2x3xf32, strided<[3, 1], offset: 5>>
}

func.func @cast(%m: memref<4x?xf32>) -> memref<?x?xf32> {
  %c = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  return %c : memref<?x?xf32>
}

func.func @copies(%a: memref<4x4xf32, strided<[4, 1], offset: 2>>, %b: memref<4x4xf32>, %d: memref<?x?xi8>, %e: memref<?x?xi8>, %z: memref<0x4xf32>, %y: memref<0x4xf32>) {
  memref.copy %a, %b : memref<4x4xf32, strided<[4, 1], offset: 2>> to memref<4x4xf32>
  memref.copy %d, %e : memref<?x?xi8> to memref<?x?xi8>
  memref.copy %z, %y : memref<0x4xf32> to memref<0x4xf32>
  return
}

func.func @dim_and_rank(%m: memref<?x4x?xf32>, %i: index) -> (index, index) {
  %d = memref.dim %m, %i : memref<?x4x?xf32>
  %r = memref.rank %m : memref<?x4x?xf32>
  return %d, %r : index, index
}

func.func @views(%b: memref<2048xi8>, %o: index, %n: index, %k: index) -> (memref<?x4xf32>, memref<2x?x3xi16>, memref<f64>) {
  %v = memref.view %b[%o][%n] : memref<2048xi8> to memref<?x4xf32>
  %w = memref.view %b[%o][%k] : memref<2048xi8> to memref<2x?x3xi16>
  %c0 = arith.constant 0 : index
  %s = memref.view %b[%c0][] : memref<2048xi8> to memref<f64>
  return %v, %w, %s : memref<?x4xf32>, memref<2x?x3xi16>, memref<f64>
}

func.func @to_unranked(%m: memref<?x4xf32>) -> index {
  %u = memref.cast %m : memref<?x4xf32> to memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  return %r : index
}

func.func @from_unranked(%u: memref<*xf32>) -> (index, f32) {
  %r = memref.rank %u : memref<*xf32>
  %m = memref.cast %u : memref<*xf32> to memref<?x4xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0, %c0] : memref<?x4xf32>
  return %r, %x : index, f32
}

func.func @copies_through_runtime(%s: memref<4xf32, strided<[4]>>, %t: memref<4xf32>, %u: memref<*xi32>, %v: memref<*xi32>, %w: memref<?x4xi32, strided<[4, 1]>>) {
  memref.copy %s, %t : memref<4xf32, strided<[4]>> to memref<4xf32>
  memref.copy %u, %v : memref<*xi32> to memref<*xi32>
  memref.copy %w, %u : memref<?x4xi32, strided<[4, 1]>> to memref<*xi32>
  return
}
