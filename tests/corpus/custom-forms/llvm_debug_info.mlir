// The LLVM dialect's debug-info attributes in their custom forms, as
// function and op locations carry them: files, compile units with every
// parameter, basic types, subroutine types with a null type, definitions'
// and declarations' subprograms, lexical blocks and block files, local
// variables and labels (through their aliases), and dbg.label.
#file = #llvm.di_file<"lib.c" in "/src/proj">
#file2 = #llvm.di_file<"inc.h" in "">
#cu = #llvm.di_compile_unit<id = distinct[7]<>, sourceLanguage = DW_LANG_C_plus_plus_14, file = #file, producer = "toolkit", isOptimized = false, emissionKind = Full, nameTableKind = None, splitDebugFilename = "lib.dwo">
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#void = #llvm.di_basic_type<tag = DW_TAG_unspecified_type, name = "void">
#fn = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #llvm.di_null_type, #int>
#sp = #llvm.di_subprogram<id = distinct[3]<>, compileUnit = #cu, scope = #file, name = "sum", linkageName = "_Z3sumi", file = #file, line = 10, scopeLine = 11, subprogramFlags = "Definition|Optimized|LocalToUnit", type = #fn>
#decl = #llvm.di_subprogram<scope = #file2, name = "ext", file = #file2, line = 2, subprogramFlags = Optimized, type = #llvm.di_subroutine_type<types = #void>>
#block = #llvm.di_lexical_block<scope = #sp, file = #file, line = 12, column = 3>
#bfile = #llvm.di_lexical_block_file<scope = #block, file = #file2, discriminator = 1>
#var = #llvm.di_local_variable<scope = #block, name = "acc", file = #file, line = 12, arg = 1, alignInBits = 32, type = #int, flags = Artificial>
#label = #llvm.di_label<scope = #sp, name = "done", file = #file, line = 20>
module attributes {test.unit = #cu, test.var = #var} {
  llvm.func @ext() loc(fused<#decl>["inc.h":2:1])
  llvm.func @sum(%n: i32) -> i32 {
    llvm.call @ext() : () -> () loc(fused<#block>["lib.c":12:5])
    llvm.intr.dbg.label #label loc(fused<#bfile>["inc.h":4:1])
    llvm.return %n : i32 loc(callsite(fused<#bfile>["inc.h":5:2] at "lib.c":13:1))
  } loc(fused<#sp>["lib.c":10:1])
}
