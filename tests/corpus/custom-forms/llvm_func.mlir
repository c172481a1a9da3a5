// llvm.func and llvm.mlir.global in custom form: declarations with argument
// attributes, definitions with linkage, calling convention, visibility,
// unnamed_addr and an attribute dictionary, variadic signatures, globals
// with a value, a string value (no trailing type), an initializer region,
// thread_local and an address space, and addressof naming both kinds.
llvm.func @decl(i32, !llvm.ptr {llvm.noalias}) -> i64
llvm.func internal fastcc @def(%a: i32, %b: f32 {llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {dso_local, passthrough = ["noinline"]} {
  llvm.return %a : i32
}
llvm.func @vararg(i32, ...)
llvm.func @vararg0(...) -> !llvm.ptr
llvm.func private hidden local_unnamed_addr @vis() {
  llvm.return
}
llvm.func weak @w() attributes {sym_visibility = "private"} {
  llvm.return
}
llvm.mlir.global external constant @c(42 : i32) : i32
llvm.mlir.global internal @s("abc")
llvm.mlir.global private unnamed_addr constant @s2("abc\00") {addr_space = 0 : i32, alignment = 1 : i64} : !llvm.array<4 x i8>
llvm.mlir.global weak thread_local @tl() : i64 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
llvm.mlir.global external @ext() {addr_space = 3 : i32} : f32
llvm.func @use() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @c : !llvm.ptr
  %1 = llvm.mlir.addressof @def : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
