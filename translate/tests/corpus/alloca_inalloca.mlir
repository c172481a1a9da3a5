// `llvm.alloca` with `inalloca` is `alloca inalloca`.
llvm.func @f(%n: i64) -> !llvm.ptr {
  %0 = llvm.alloca inalloca %n x i32 : (i64) -> !llvm.ptr
  %1 = llvm.mlir.constant(1 : i32) : i32
  %2 = llvm.alloca inalloca %1 x i64 {alignment = 16 : i64} : (i32) -> !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
