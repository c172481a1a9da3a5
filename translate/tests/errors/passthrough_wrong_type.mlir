// A passthrough entry that is no string and no pair.
llvm.func @f() attributes {passthrough = ["noinline", [42]]}
