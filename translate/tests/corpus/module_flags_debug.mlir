// Module flags and linker options beside debug information: the units'
// `!llvm.dbg.cu` comes first, then the linker options and the module
// flags in the order of their first ops; a `Debug Info Version` flag
// given by the module is not added again.
#file = #llvm.di_file<"a.c" in "/d">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
#ty = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#var = #llvm.di_global_variable<scope = #cu, name = "g", file = #file, line = 1, type = #ty, isDefined = true>
#gve = #llvm.di_global_variable_expression<var = #var, expr = <>>
llvm.linker_options ["-lm"]
llvm.module_flags [#llvm.mlir.module_flag<warning, "Debug Info Version", 3 : i32>, #llvm.mlir.module_flag<max, "Dwarf Version", 5 : i32>]
llvm.mlir.global external @g(0 : i32) {dbg_exprs = [#gve]} : i32
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
llvm.func @f() {
  llvm.return loc(fused<#sp>["a.c":2:1])
} loc(fused<#sp>["a.c":1:1])
