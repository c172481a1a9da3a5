// ARGS: --finalize-memref-to-llvm --convert-func-to-llvm
// The memref lowering first: the subview it leaves keeps a cast of the
// argument back to its memref, and the function lowering then packs the
// argument's descriptor once for that cast and for the call.

func.func private @take(memref<4xf32>)

func.func @left(%a: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] : memref<4xf32>
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %w = memref.load %s[%i] : memref<2xf32, strided<[1], offset: 1>>
  call @take(%a) : (memref<4xf32>) -> ()
  %t = arith.addf %v, %w : f32
  return %t : f32
}
