// Toy IR given as MLIR: its locations are the positions in this file, so
// the LLVM IR's debug information names it.
module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
    %1 = toy.transpose(%0 : tensor<2x2xf64>) to tensor<2x2xf64>
    %2 = toy.add %0, %1 : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
    toy.print %2 : tensor<2x2xf64>
    toy.return
  }
}
