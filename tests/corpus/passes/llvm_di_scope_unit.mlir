// ARGS: --mlir-print-debuginfo --pass-pipeline=builtin.module(ensure-debug-info-scope-on-llvm-func{emission-kind=DebugDirectivesOnly})
// A unit fused into the module's location is the one the subprograms
// take (the option then changes nothing).
#file = #llvm.di_file<"given.c" in "/tmp">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_Rust, file = #file, producer = "front end", isOptimized = false, emissionKind = Full>
module {
  llvm.func @f() {
    llvm.return loc("given.c":3:1)
  } loc("given.c":2:1)
} loc(fused<#cu>["given.c":1:1])
