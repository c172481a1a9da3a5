// Globals' debug expressions (`dbg_exprs`): global variables scoped by a
// unit, a subprogram (listed in its unit) or a namespace (listed in no
// unit), with and without an expression, two on one global, one per unit
// of two units; numbered before the units, as LLVM numbers globals'
// attachments first.
#file = #llvm.di_file<"g.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#cu2 = #llvm.di_compile_unit<id = distinct[3]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "two", isOptimized = false, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 10, scopeLine = 10, subprogramFlags = Definition>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", linkageName = "g", file = #file, line = 3, type = #int, isDefined = true>
#gv2 = #llvm.di_global_variable<scope = #sp, name = "s", file = #file, line = 11, type = #int, isLocalToUnit = true, isDefined = true, alignInBits = 32>
#gv3 = #llvm.di_global_variable<scope = #cu2, name = "h", file = #file, line = 4, type = #int>
#gv4 = #llvm.di_global_variable<scope = #llvm.di_namespace<name = "ns", exportSymbols = false>, name = "n", file = #file, line = 5, type = #int>
module {
  llvm.mlir.global external @g(5 : i32) {addr_space = 0 : i32, dbg_exprs = [#llvm.di_global_variable_expression<var = #gv, expr = <>>]} : i32
  llvm.mlir.global internal @s(1 : i32) {addr_space = 0 : i32, dbg_exprs = [#llvm.di_global_variable_expression<var = #gv2, expr = <[DW_OP_constu(7), DW_OP_stack_value]>>, #llvm.di_global_variable_expression<var = #gv>]} : i32
  llvm.mlir.global external @h() {addr_space = 0 : i32, dbg_exprs = [#llvm.di_global_variable_expression<var = #gv3>]} : i32
  llvm.mlir.global external @n(2 : i64) {addr_space = 0 : i32, dbg_exprs = [#llvm.di_global_variable_expression<var = #gv4>]} : i64
  llvm.func @f() {
    llvm.return loc(fused<#sp>["g.c":12:1])
  } loc(fused<#sp>["g.c":10:1])
}
