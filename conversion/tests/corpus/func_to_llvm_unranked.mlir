// ARGS: --convert-func-to-llvm
// Unranked memrefs returned are copied to the heap (malloc), unranked
// results of calls back to the stack (alloca) and the heap copy freed;
// each copy gets a new descriptor.

func.func private @get() -> memref<*xf32>
func.func @pass(%u: memref<*xf32>) -> memref<*xf32> {
  return %u : memref<*xf32>
}
func.func @use() -> i64 {
  %u = call @get() : () -> memref<*xf32>
  %c = arith.constant 1 : i64
  return %c : i64
}

func.func @two(%a: memref<*xi8>, %b: memref<*xi8, 2>, %i: index) -> (memref<*xi8>, index, memref<*xi8, 2>) {
  return %a, %i, %b : memref<*xi8>, index, memref<*xi8, 2>
}

func.func @call_two(%a: memref<*xi8>, %b: memref<*xi8, 2>) -> index {
  %c = arith.constant 3 : index
  %r:3 = call @two(%a, %b, %c) : (memref<*xi8>, memref<*xi8, 2>, index) -> (memref<*xi8>, index, memref<*xi8, 2>)
  return %r#1 : index
}
