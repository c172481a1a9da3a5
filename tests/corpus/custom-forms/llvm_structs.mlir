// Identified (named) LLVM structs: with a body, packed, empty, opaque,
// nested in arrays and other structs, and names with characters printed
// escaped; as operands, results and in function types.
llvm.func @structs(%a: !llvm.struct<"node", (i32, ptr)>, %b: !llvm.struct<"opq", opaque>,
                   %d: !llvm.struct<"pk", packed (i8, i32)>, %e: !llvm.struct<"empty", ()>,
                   %g: !llvm.struct<"a b\"c\\d", (array<2 x struct<"node", (i32, ptr)>>)>)
    -> !llvm.struct<"pair", (struct<"node", (i32, ptr)>, struct<(i64, struct<"pk", packed (i8, i32)>)>)> {
  %0 = llvm.mlir.undef : !llvm.struct<"pair", (struct<"node", (i32, ptr)>, struct<(i64, struct<"pk", packed (i8, i32)>)>)>
  %1 = llvm.insertvalue %a, %0[0] : !llvm.struct<"pair", (struct<"node", (i32, ptr)>, struct<(i64, struct<"pk", packed (i8, i32)>)>)>
  %2 = llvm.extractvalue %a[1] : !llvm.struct<"node", (i32, ptr)>
  %3 = llvm.extractvalue %g[0, 1] : !llvm.struct<"a b\"c\\d", (array<2 x struct<"node", (i32, ptr)>>)>
  llvm.return %1 : !llvm.struct<"pair", (struct<"node", (i32, ptr)>, struct<(i64, struct<"pk", packed (i8, i32)>)>)>
}
