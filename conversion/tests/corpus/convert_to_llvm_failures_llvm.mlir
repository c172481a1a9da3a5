// ARGS: --convert-to-llvm=filter-dialects=llvm
// The LLVM dialect is loaded (the pass loads it) but lowers nothing.

func.func @f() {
  return
}
