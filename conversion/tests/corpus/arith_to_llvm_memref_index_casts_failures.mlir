// ARGS: --convert-arith-to-llvm --split-input-file
// Index casts of memrefs compare the element widths as those of scalars
// do: of equal widths the cast is its operand; of different widths the
// descriptor is extended, which the verifier of llvm.sext (llvm.trunc,
// llvm.zext) rejects after the pass, as mlir-opt 22 does.
func.func @same_width(%m: memref<2x?xi64>) -> (memref<2x?xindex>, memref<2x?xi64>) {
  %0 = arith.index_cast %m : memref<2x?xi64> to memref<2x?xindex>
  %1 = arith.index_castui %0 : memref<2x?xindex> to memref<2x?xi64>
  return %0, %1 : memref<2x?xindex>, memref<2x?xi64>
}

// -----

func.func @narrowing(%m: memref<4xindex>) -> memref<4xi16> {
  %0 = arith.index_castui %m : memref<4xindex> to memref<4xi16>
  return %0 : memref<4xi16>
}

// -----

func.func @widening_unsigned(%m: memref<8xi8, 2>) -> memref<8xindex, 2> {
  %0 = arith.index_castui %m : memref<8xi8, 2> to memref<8xindex, 2>
  return %0 : memref<8xindex, 2>
}
