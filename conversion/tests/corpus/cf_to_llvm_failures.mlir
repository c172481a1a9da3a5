// ARGS: --convert-cf-to-llvm --split-input-file
// cf ops are illegal to the pass: a branch passing a value whose type has
// no LLVM counterpart (a tensor) cannot be lowered, and the conversion
// fails at it, leaving the chunk as it was.

func.func @tensor_branch(%t: tensor<2xf32>) -> tensor<2xf32> {
  cf.br ^bb1(%t : tensor<2xf32>)
^bb1(%u: tensor<2xf32>):
  return %u : tensor<2xf32>
}

// -----

func.func @after_a_lowered_branch(%c: i1, %t: tensor<4xi8>, %i: index) -> index {
  cf.cond_br %c, ^a(%i : index), ^b(%t : tensor<4xi8>)
^a(%x: index):
  return %x : index
^b(%u: tensor<4xi8>):
  %c0 = arith.constant 0 : index
  return %c0 : index
}

// -----

func.func @fine(%c: i1, %i: index) -> index {
  cf.cond_br %c, ^a(%i : index), ^a(%i : index)
^a(%x: index):
  return %x : index
}
