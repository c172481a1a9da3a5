// Identified structs that hold themselves, directly, through an array or
// through another struct: LLVM refuses such bodies, so each is written
// `type opaque` (and a struct only reached through its body is not
// written); a struct that is not recursive keeps its body.
llvm.mlir.global external @list_head() {addr_space = 0 : i32} : !llvm.struct<"list", (ptr, i32, array<2 x struct<"list">>)>

llvm.func @node_decl(!llvm.ptr) -> !llvm.struct<"node", (i32, struct<"node">)>
llvm.func @mutual_decl(!llvm.ptr) -> !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)>
llvm.func @holder_decl(!llvm.struct<"holder", (i64, ptr)>) -> !llvm.struct<"c", (ptr, struct<"d", (array<2 x struct<"c">>)>, struct<"e", (i8)>)>

llvm.func @uses(%p: !llvm.ptr) -> !llvm.ptr {
  %0 = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"holder", (i64, ptr)>
  llvm.return %0 : !llvm.ptr
}
