// Block addresses and indirect branches: a global initialized with a
// block address of a function written after it, addresses used in the
// function of the block and in another (through ptrtoint), an indirect
// branch passing values to a block with arguments (phis), one with no
// successor, and tags in several blocks.
llvm.mlir.global private @g() {addr_space = 0 : i32} : !llvm.ptr {
  %0 = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.global external constant @table() {addr_space = 0 : i32} : !llvm.array<2 x i64> {
  %0 = llvm.mlir.undef : !llvm.array<2 x i64>
  %1 = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
  %3 = llvm.insertvalue %2, %0[0] : !llvm.array<2 x i64>
  %4 = llvm.blockaddress <function = @fn, tag = <id = 2>> : !llvm.ptr
  %5 = llvm.ptrtoint %4 : !llvm.ptr to i64
  %6 = llvm.insertvalue %5, %3[1] : !llvm.array<2 x i64>
  llvm.return %6 : !llvm.array<2 x i64>
}
llvm.func @fn(%arg0: i32) -> !llvm.ptr {
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.br ^bb1(%arg0 : i32)
^bb1(%x: i32):
  %y = llvm.add %x, %x : i32
  llvm.blocktag <id = 1>
  %z = llvm.mul %y, %y : i32
  llvm.indirectbr %a : !llvm.ptr, [
    ^bb1(%z : i32),
    ^bb2
  ]
^bb2:
  llvm.blocktag <id = 2>
  llvm.return %a : !llvm.ptr
}
llvm.func @other(%p: !llvm.ptr) -> i64 {
  %0 = llvm.blockaddress <function = @fn, tag = <id = 2>> : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  llvm.store %0, %p : !llvm.ptr, !llvm.ptr
  llvm.return %1 : i64
}
llvm.func @none(%p: !llvm.ptr) {
  llvm.indirectbr %p : !llvm.ptr, []
}
llvm.func @jump(%p: !llvm.ptr, %a: i32, %b: i32) -> i32 {
  llvm.indirectbr %p : !llvm.ptr, [
    ^bb1(%a : i32),
    ^bb2(%a, %b : i32, i32)
  ]
^bb1(%r: i32):
  llvm.blocktag <id = 0>
  llvm.return %r : i32
^bb2(%s: i32, %t: i32):
  llvm.blocktag <id = 1>
  %u = llvm.sub %s, %t : i32
  llvm.return %u : i32
}
