// Identified LLVM structs that name themselves: a list node holding
// itself, two structs holding each other (each printed with its body
// where it is not inside itself), an array of the struct inside it, and
// the same struct written again with the same body.
llvm.func @recursive(%n: !llvm.struct<"node", (ptr, struct<"node">)>,
                     %l: !llvm.struct<"list", (i32, array<2 x struct<"list">>)>)
    -> !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)> {
  %0 = llvm.mlir.undef : !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)>
  %1 = llvm.extractvalue %0[0] : !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)>
  %2 = llvm.extractvalue %1[1] : !llvm.struct<"b", (struct<"a", (struct<"b">)>, i32)>
  %3 = llvm.insertvalue %1, %0[0] : !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)>
  %4 = llvm.extractvalue %n[1] : !llvm.struct<"node", (ptr, struct<"node">)>
  %5 = llvm.extractvalue %l[1, 0] : !llvm.struct<"list", (i32, array<2 x struct<"list">>)>
  llvm.return %3 : !llvm.struct<"a", (struct<"b", (struct<"a">, i32)>)>
}

llvm.func @packed_self(!llvm.struct<"p", packed (i8, struct<"p">)>, !llvm.struct<"node", (ptr, struct<"node">)>)

llvm.mlir.global external @g() {addr_space = 0 : i32} : !llvm.struct<"tree", (i64, struct<"leaf", (struct<"tree">, ptr)>, struct<"leaf", (struct<"tree">, ptr)>)>
