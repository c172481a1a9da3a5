// Loop annotations with start and end locations: a fused location whose
// metadata is a local scope (the function's subprogram, a lexical block)
// becomes the loop's `DILocation`s, first in the node; one whose metadata
// is no local scope (a file) or that has none is left out.
#file = #llvm.di_file<"loop.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #file, producer = "clang", isOptimized = true, emissionKind = Full>
#st = #llvm.di_subroutine_type<types = #llvm.di_null_type>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition, type = #st>
#lb = #llvm.di_lexical_block<scope = #sp, file = #file, line = 2, column = 3>
#start = loc(fused<#sp>["loop.c":2:3, "loop.c":2:3])
#end = loc(fused<#lb>["loop.c":6:1, "loop.c":6:5])
#nowhere = loc(fused<#file>["loop.c":7:1, "loop.c":7:2])
#bare = loc(fused["loop.c":8:1, "loop.c":8:2])
#with_locs = #llvm.loop_annotation<startLoc = #start, endLoc = #end, mustProgress = true>
#without = #llvm.loop_annotation<startLoc = #nowhere, endLoc = #bare, unroll = #llvm.loop_unroll<count = 4 : i32>>
module {
  llvm.func @f(%n: i1) {
    llvm.br ^body loc(#start)
  ^body:
    llvm.cond_br %n, ^body, ^next {loop_annotation = #with_locs} loc("loop.c":5:7)
  ^next:
    llvm.cond_br %n, ^next, ^exit {loop_annotation = #without} loc("loop.c":9:1)
  ^exit:
    llvm.return loc("loop.c":10:1)
  } loc(fused<#sp>["loop.c":1:1])
}
