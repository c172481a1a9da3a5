// ARGS: --mlir-print-debuginfo --ensure-debug-info-scope-on-llvm-func
// Subprograms for definitions (distinct, with the unit) and declarations
// (neither), on the file and line of each function's location or the
// unit's file; a name location's child and a fused location's first file
// part give the file; a function that already has a subprogram keeps it;
// call sites (nested too) get lexical block files of their function's
// subprogram, and an op in another file than its function one of its own.
#keep_file = #llvm.di_file<"kept.c" in "">
#keep = #llvm.di_subprogram<scope = #keep_file, name = "kept", file = #keep_file, subprogramFlags = Optimized>
module {
  llvm.func @decl_unknown(i32) loc(unknown)
  llvm.func @decl_named() loc("decl"("lib/decl.c":4:2))
  llvm.func @kept() loc(fused<#keep>["kept.c":1:1])
  llvm.func @def(%a: i32) -> i32 {
    %0 = llvm.add %a, %a : i32 loc("other/file.c":3:9)
    %1 = llvm.mul %0, %a : i32 loc(callsite("inlined.c":7:3 at "main.c":9:5))
    %2 = llvm.sub %1, %a : i32 loc(callsite(callsite("deep.c":1:1 at "mid.c":2:2) at "main.c":10:5))
    %3 = llvm.xor %2, %a : i32 loc("main.c":11:1)
    llvm.return %3 : i32 loc(fused["main.c":12:1, "x.c":1:1])
  } loc(fused[unknown, "main.c":8:1])
  llvm.func @nested_regions() {
    llvm.br ^bb1 loc("loop.c":2:2)
  ^bb1:
    llvm.return loc(callsite("callee.c":3:3 at "loop.c":4:4))
  } loc("loop.c":1:1)
} loc("unit/dir/module.mlir":1:1)
