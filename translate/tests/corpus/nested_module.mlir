// A nested module is skipped, as upstream's builtin translation skips it.
module {
  llvm.func @f() {
    llvm.return
  }
  module @inner {
    llvm.func @not_translated()
  }
}
