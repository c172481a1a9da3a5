// ARGS: --convert-to-llvm=filter-dialects=func,scf
// scf is loaded but has no lowering to LLVM of its own.

func.func @f(%c: i1) {
  scf.if %c {
  }
  return
}
