// A passthrough keyword that takes no value, given one.
llvm.func @f() attributes {passthrough = [["readonly", "42"]]}
