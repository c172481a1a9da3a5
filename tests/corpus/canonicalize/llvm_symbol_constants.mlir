// dso_local_equivalent and blockaddress fold to their attributes: equal ones
// are merged and hoisted to the entry block as constants.

llvm.func @f() 
llvm.func @g() -> !llvm.ptr {
  %0 = llvm.dso_local_equivalent @f : !llvm.ptr
  %1 = llvm.dso_local_equivalent @f : !llvm.ptr
  %2 = llvm.getelementptr %1[1] : (!llvm.ptr) -> !llvm.ptr, i8
  %3 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i8
  %4 = llvm.icmp "eq" %2, %3 : !llvm.ptr
  llvm.call @use(%0, %1) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.cond_br %4, ^bb1, ^bb2
^bb1:
  %5 = llvm.dso_local_equivalent @f : !llvm.ptr
  llvm.return %5 : !llvm.ptr
^bb2:
  llvm.return %0 : !llvm.ptr
}
llvm.func @h() {
  llvm.br ^bb1
^bb1:
  llvm.blocktag <id = 1>
  %a = llvm.blockaddress <function = @h, tag = <id = 1>> : !llvm.ptr
  %b = llvm.blockaddress <function = @h, tag = <id = 1>> : !llvm.ptr
  llvm.call @use(%a, %b) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}
llvm.func @use(!llvm.ptr, !llvm.ptr)
