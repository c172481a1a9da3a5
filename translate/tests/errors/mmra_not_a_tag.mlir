// llvm.mmra holding an integer: upstream's error at the op.
llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p {llvm.mmra = 3} : !llvm.ptr -> i32
  llvm.return
}
