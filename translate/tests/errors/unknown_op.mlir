// An op of the LLVM dialect's namespace with no translation.
llvm.func @f(%x: i32) -> i32 {
  %0 = "llvm.frobnicate"(%x) : (i32) -> i32
  llvm.return %0 : i32
}
