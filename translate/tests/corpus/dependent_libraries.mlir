// The module's dependent libraries as an array of strings (what upstream
// reads from LLVM IR), with a debug compile unit before them.
#file = #llvm.di_file<"a.c" in "/d">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
module attributes {llvm.dependent_libraries = ["a", "b", "a"]} {
  llvm.module_flags [#llvm.mlir.module_flag<error, "foo", 1 : i32>]
  llvm.func @f() {
    llvm.return
  } loc(fused<#sp>["a.c":1:1])
}
