// Debug-info attributes written by a front end, translated: a unit with
// every parameter, a definition and a declaration, a basic type and a
// null type in a subroutine type, a lexical block and a block file as
// scopes of fused locations, a call site inlined from the block file, a
// unit as a subprogram's scope and a subprogram without flags.
#file = #llvm.di_file<"t.c" in "/src">
#hdr = #llvm.di_file<"t.h" in "inc">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #file, producer = "clang", isOptimized = false, emissionKind = Full, nameTableKind = GNU, splitDebugFilename = "t.dwo">
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#void = #llvm.di_basic_type<tag = DW_TAG_unspecified_type, name = "void">
#st = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #int, #int>
#st2 = #llvm.di_subroutine_type<types = #llvm.di_null_type, #void>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", linkageName = "_f", file = #file, line = 3, scopeLine = 4, subprogramFlags = "Definition|LocalToUnit", type = #st>
#decl = #llvm.di_subprogram<scope = #file, name = "g", file = #file, subprogramFlags = Optimized>
#bare = #llvm.di_subprogram<scope = #cu, file = #hdr, type = #st2>
#lb = #llvm.di_lexical_block<scope = #sp, file = #file, line = 5, column = 7>
#lbf = #llvm.di_lexical_block_file<scope = #lb, file = #hdr, discriminator = 2>
module {
  llvm.func @g() loc(fused<#decl>["t.c":1:1])
  llvm.func @h() loc(fused<#bare>["t.h":9:1])
  llvm.func @f(%a: i32) -> i32 {
    llvm.call @g() : () -> () loc(fused<#lb>["t.c":5:9])
    %0 = llvm.add %a, %a : i32 loc(callsite(fused<#lbf>["t.h":2:2] at "t.c":6:1))
    %1 = llvm.mul %0, %a : i32 loc(fused<#lbf>["t.h":3:3, "t.h":3:8])
    llvm.return %1 : i32 loc("t.c":7:3)
  } loc(fused<#sp>["t.c":3:1])
}
