// Block addresses: llvm.blockaddress in a global initializer and in a
// body, of its own function and of another; llvm.blocktag with several
// tags; llvm.indirectbr with successor operands, without, with no
// successor, and with a discardable attribute; #llvm.blockaddress and
// #llvm.blocktag as attributes.
module attributes {llvm.addr = #llvm.blockaddress<function = @fn, tag = <id = 7>>, llvm.tag = #llvm.blocktag<id = 4294967295>} {
  llvm.mlir.global private @g() {addr_space = 0 : i32, dso_local} : !llvm.ptr {
    %0 = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @fn(%arg0: i32, %arg1: i32) -> i32 {
    %dest = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
    llvm.indirectbr %dest : !llvm.ptr, [
      ^head(%arg0 : i32),
      ^tail(%arg1, %arg0 : i32, i32),
      ^end
    ]
  ^head(%r0 : i32):
    llvm.blocktag <id = 0>
    llvm.return %r0 : i32
  ^tail(%r1 : i32, %r2 : i32):
    llvm.blocktag <id = 1>
    %x = llvm.add %r1, %r2 : i32
    llvm.return %x : i32
  ^end:
    llvm.blocktag <id = 7> {note}
    llvm.return %arg0 : i32
  }
  llvm.func @other() -> !llvm.ptr {
    %0 = llvm.blockaddress <function = @fn, tag = <id = 1>> {note = 1 : i32} : !llvm.ptr
    llvm.indirectbr %0 : !llvm.ptr, [
    ^bb1
    ] {note}
  ^bb1:
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @none(%p: !llvm.ptr) {
    llvm.indirectbr %p : !llvm.ptr, []
  }
  llvm.func @space(%p: !llvm.ptr<3>) {
    llvm.indirectbr %p : !llvm.ptr<3>, [
    ^bb1,
    ^bb1
    ]
  ^bb1:
    llvm.return
  }
}
