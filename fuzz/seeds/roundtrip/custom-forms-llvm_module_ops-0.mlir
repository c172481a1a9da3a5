llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
  llvm.comdat_selector @largest largest {note = "kept"}
}
llvm.comdat_selector @flat samesize
llvm.mlir.global internal constant @g(1 : i64) comdat(@__llvm_comdat::@any) : i64
llvm.func @ctor() comdat(@__llvm_comdat::@largest) {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]
llvm.mlir.global_dtors dtors = [@ctor], priorities = [1 : i32], data = [@g]
llvm.mlir.global_dtors dtors = [], priorities = [], data = []
