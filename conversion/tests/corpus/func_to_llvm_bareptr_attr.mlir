// ARGS: --convert-func-to-llvm
// The `llvm.bareptr` attribute asks for the bare-pointer convention for
// one function: its signature, its returns, and the calls to it; other
// functions keep the descriptor convention.

func.func private @bare(memref<8xf32>) -> memref<8xf32> attributes {llvm.bareptr}

func.func @caller(%m: memref<8xf32>) -> memref<8xf32> {
  %r = call @bare(%m) : (memref<8xf32>) -> memref<8xf32>
  return %r : memref<8xf32>
}

func.func @bare_body(%m: memref<2x2xi32>, %n: memref<2x2xi32>) -> memref<2x2xi32> attributes {llvm.bareptr} {
  %r = call @bare_body(%n, %m) : (memref<2x2xi32>, memref<2x2xi32>) -> memref<2x2xi32>
  return %r : memref<2x2xi32>
}
