// An llvm.mmra array holding something other than a tag: upstream's error
// at the op.
llvm.func @f(%p: !llvm.ptr) {
  llvm.fence release {llvm.mmra = [#llvm.mmra_tag<"a":"b">, "c"]}
  llvm.return
}
