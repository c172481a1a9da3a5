// The unit takes the module's file; a function without a location takes
// the unit's file and line 1; a definition whose ops have no location of
// their own uses the positions in this file.
module {
  llvm.func @first() -> i32 {
    %0 = llvm.mlir.constant(7 : i32) : i32
    llvm.return %0 : i32
  } loc(unknown)
  llvm.func @second(%a: i32) -> i32 {
    %0 = llvm.add %a, %a : i32
    llvm.return %0 : i32
  } loc("src/dir/second.c":30:2)
  llvm.func @decl(i32)
} loc("src/unit.c":1:1)
