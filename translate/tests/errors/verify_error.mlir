// The verifier runs before the translation.
llvm.func @f(%x: i32) -> i64 {
  llvm.return %x : i32
}
