// The func dialect is loaded, as mlir-translate loads it, but has no
// translation to LLVM IR.
func.func @foo() {
  llvm.return
}
