// A passthrough integer keyword without its value.
llvm.func @f() attributes {passthrough = ["noinline", "alignstack"]} {
  llvm.return
}
