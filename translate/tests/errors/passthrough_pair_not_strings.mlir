// A passthrough pair that is not two strings.
llvm.func @f() attributes {
  passthrough = [["foo", 42]]
}
