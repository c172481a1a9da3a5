// An empty data layout and an empty target triple: LLVM writes neither
// `target datalayout` nor `target triple` for an empty string.
module attributes {llvm.data_layout = "", llvm.target_triple = ""} {
  llvm.func @f() {
    llvm.return
  }
}
