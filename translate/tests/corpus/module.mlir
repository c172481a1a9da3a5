// A module with a data layout and a target triple, linkages, function
// and parameter attributes, declarations and varargs calls.
module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  llvm.mlir.global private unnamed_addr constant @fmt("%d %ld\0A\00") {addr_space = 0 : i32, dso_local}
  llvm.mlir.global common @shared(0 : i32) {alignment = 4 : i64} : i32
  llvm.func @printf(!llvm.ptr {llvm.noundef}, ...) -> i32
  llvm.func extern_weak @maybe(i32) -> i32
  llvm.func @helper(%p: !llvm.ptr {llvm.noalias, llvm.nonnull, llvm.noundef}, %x: i32 {llvm.signext}) -> (i64 {llvm.noundef}) attributes {passthrough = ["nounwind", "norecurse", ["frame-pointer", "all"]]} {
    %v = llvm.load %p : !llvm.ptr -> i64
    %e = llvm.sext %x : i32 to i64
    %r = llvm.add %v, %e : i64
    llvm.return %r : i64
  }
  llvm.func internal @twice(%x: i32) -> i32 attributes {dso_local, passthrough = ["nounwind", "norecurse", ["frame-pointer", "all"]]} {
    %r = llvm.add %x, %x : i32
    llvm.return %r : i32
  }
  llvm.func weak_odr @weak_one() -> i32 attributes {no_inline, no_unwind} {
    %c = llvm.mlir.constant(1 : i32) : i32
    llvm.return %c : i32
  }
  llvm.func linkonce_odr hidden @hidden_one() {
    llvm.return
  }
  llvm.func @main() -> i32 {
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %one = llvm.mlir.constant(1 : i32) : i32
    %slot = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
    %seven = llvm.mlir.constant(7 : i64) : i64
    llvm.store %seven, %slot : i64, !llvm.ptr
    %a = llvm.call @twice(%one) : (i32) -> i32
    %b = llvm.call @helper(%slot, %a) : (!llvm.ptr, i32) -> i64
    %m = llvm.mlir.addressof @maybe : !llvm.ptr
    %c = llvm.call %m(%a) : !llvm.ptr, (i32) -> i32
    %d = llvm.call @printf(%f, %c, %b) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i64) -> i32
    %t = llvm.call tail @weak_one() : () -> i32
    llvm.call @hidden_one() : () -> ()
    %z = llvm.mlir.constant(0 : i32) : i32
    llvm.return %z : i32
  }
}
