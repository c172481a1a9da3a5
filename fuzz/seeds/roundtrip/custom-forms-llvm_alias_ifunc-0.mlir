// Global aliases and ifuncs: llvm.mlir.alias with each linkage it
// allows, visibility, thread_local, unnamed_addr, dso_local and a
// discardable address space, an initializer computing an address;
// llvm.mlir.ifunc with linkage, visibility, unnamed_addr and an address
// space, its resolver direct or through an alias;
// llvm.dso_local_equivalent of a function and of an alias, in a body and
// in a global initializer; llvm.mlir.addressof of aliases and ifuncs.
llvm.func @some_function() {
  llvm.return
}
llvm.func @other(i64) -> f32
llvm.mlir.global private @glob.private() {addr_space = 0 : i32} : i32
llvm.mlir.global internal @in_space() {addr_space = 1 : i32} : i32
llvm.mlir.alias external @foo_alias {addr_space = 0 : i32} : !llvm.ptr {
  %0 = llvm.mlir.addressof @some_function : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce_odr hidden @glob {addr_space = 0 : i32, dso_local} : !llvm.array<32 x i32> {
  %0 = llvm.mlir.constant(1234 : i64) : i64
  %1 = llvm.mlir.addressof @glob.private : !llvm.ptr
  %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
  %3 = llvm.add %2, %0 : i64
  %4 = llvm.inttoptr %3 : i64 to !llvm.ptr
  llvm.return %4 : !llvm.ptr
}
llvm.mlir.alias private thread_local unnamed_addr @a_private : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias internal protected local_unnamed_addr @a_internal : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak @a_weak : !llvm.func<void ()> {
  %0 = llvm.mlir.addressof @some_function : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak_odr @a_weak_odr : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce @a_linkonce : i32 {
  %0 = llvm.mlir.addressof @glob.private : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias available_externally @a_avail : i32 {
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
llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @other : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @resolver1() -> !llvm.ptr<1> {
  %0 = llvm.mlir.zero : !llvm.ptr<1>
  llvm.return %0 : !llvm.ptr<1>
}
llvm.mlir.alias external @resolver_alias : !llvm.ptr {
  %0 = llvm.mlir.addressof @resolver : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc external @foo : !llvm.func<f32 (i64)>, !llvm.ptr @resolver
llvm.mlir.ifunc @bare : !llvm.func<f32 (i64)>, !llvm.ptr @resolver
llvm.mlir.ifunc weak hidden unnamed_addr @foo2 : !llvm.func<f32 (i64)>, !llvm.ptr<1> @resolver {address_space = 1 : i32}
llvm.mlir.ifunc internal protected local_unnamed_addr @foo3 : !llvm.func<f32 (i64)>, !llvm.ptr @resolver_alias {dso_local, note = "x"}
llvm.mlir.ifunc linkonce_odr @foo4 : !llvm.func<void ()>, !llvm.ptr @resolver {address_space = 0 : i32}
llvm.mlir.global external constant @equiv() : i64 {
  %0 = llvm.dso_local_equivalent @some_function : !llvm.ptr
  %1 = llvm.ptrtoint %0 : !llvm.ptr to i64
  llvm.return %1 : i64
}
llvm.func @use(%arg0: i64) -> f32 {
  %0 = llvm.call @foo(%arg0) : (i64) -> f32
  %1 = llvm.mlir.addressof @foo : !llvm.ptr
  %2 = llvm.mlir.addressof @glob : !llvm.ptr
  %3 = llvm.mlir.addressof @a_space : !llvm.ptr<1>
  %4 = llvm.dso_local_equivalent @foo_alias : !llvm.ptr
  %5 = llvm.dso_local_equivalent @other {note} : !llvm.ptr
  llvm.return %0 : f32
}
