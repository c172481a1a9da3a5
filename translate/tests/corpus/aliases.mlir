// Global aliases and ifuncs: each linkage, visibility, thread_local,
// unnamed_addr and dso_local; initializers of a global, of a
// getelementptr, of another address space, of a function and of another
// alias; ifuncs
// resolved directly and through an alias; dso_local_equivalent in a body
// and in a global initializer; calls through an ifunc and addresses of
// aliases.
llvm.func @some_function() {
  llvm.return
}
llvm.func @other(i64) -> f32
llvm.mlir.global private @glob.private(7 : i32) {addr_space = 0 : i32} : i32
llvm.mlir.global internal @in_space(0 : i32) {addr_space = 1 : i32} : i32
llvm.mlir.alias external @foo_alias {addr_space = 0 : i32} : !llvm.ptr {
  %0 = llvm.mlir.addressof @some_function : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce_odr hidden @glob {dso_local} : !llvm.array<32 x i32> {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias private thread_local unnamed_addr @a_private : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias internal protected local_unnamed_addr @a_internal : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak @a_weak {dso_local} : !llvm.func<void ()> {
  %0 = llvm.mlir.addressof @some_function : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak_odr protected @a_weak_odr : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce @a_linkonce : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias external @a_space : i32 {
  %0 = llvm.mlir.addressof @in_space : !llvm.ptr<1>
  llvm.return %0 : !llvm.ptr<1>
}
llvm.mlir.alias external @a_of_alias : !llvm.ptr {
  %0 = llvm.mlir.addressof @foo_alias : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias external @a_gep : i8 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  %1 = llvm.getelementptr %0[2] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.return %1 : !llvm.ptr
}
llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @other : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias external @resolver_alias : !llvm.ptr {
  %0 = llvm.mlir.addressof @resolver : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc external @foo : !llvm.func<f32 (i64)>, !llvm.ptr @resolver
llvm.mlir.ifunc weak hidden unnamed_addr @foo2 : !llvm.func<f32 (i64)>, !llvm.ptr @resolver
llvm.mlir.ifunc internal protected local_unnamed_addr @foo3 : !llvm.func<f32 (i64)>, !llvm.ptr @resolver_alias {dso_local}
llvm.mlir.ifunc linkonce_odr @foo4 : !llvm.func<void ()>, !llvm.ptr @resolver {dso_local}
llvm.mlir.ifunc private @foo5 : !llvm.func<void ()>, !llvm.ptr @resolver
llvm.mlir.global external constant @equiv() : i64 {
  %0 = llvm.dso_local_equivalent @some_function : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  llvm.return %1 : i64
}
llvm.mlir.global external constant @equiv_ptr() : !llvm.ptr {
  %0 = llvm.dso_local_equivalent @foo_alias : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @use(%arg0: i64) -> f32 {
  %0 = llvm.call @foo(%arg0) : (i64) -> f32
  %1 = llvm.mlir.addressof @foo : !llvm.ptr
  %2 = llvm.mlir.addressof @glob : !llvm.ptr
  %3 = llvm.mlir.addressof @a_space : !llvm.ptr<1>
  %4 = llvm.dso_local_equivalent @foo_alias : !llvm.ptr
  %5 = llvm.dso_local_equivalent @other : !llvm.ptr
  llvm.store %4, %1 : !llvm.ptr, !llvm.ptr
  llvm.store %5, %2 : !llvm.ptr, !llvm.ptr
  llvm.store %1, %3 : !llvm.ptr, !llvm.ptr<1>
  %6 = llvm.call %1(%arg0) : !llvm.ptr, (i64) -> f32
  llvm.return %6 : f32
}
llvm.func @address_as_int() -> i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i32
  llvm.return %1 : i32
}
llvm.func @alias_as_int() -> i64 {
  %0 = llvm.mlir.addressof @a_weak : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  llvm.return %1 : i64
}
