// Identified structs: `%name = type {...}` lines for the structs the
// module uses, in the order LLVM meets them (globals, then each function's
// signature and body, a struct's members right after it); packed, empty
// and opaque bodies; names LLVM quotes; constants, loads, GEPs and
// aggregates over them.
llvm.mlir.global internal @origin() : !llvm.struct<"point", (i32, i32)> {
  %0 = llvm.mlir.zero : !llvm.struct<"point", (i32, i32)>
  llvm.return %0 : !llvm.struct<"point", (i32, i32)>
}
llvm.mlir.global external @handle() : !llvm.struct<"handle", opaque>

llvm.func @use_opaque(!llvm.ptr) -> !llvm.struct<"a b", packed (i8, i32)>

llvm.func @segment(%p: !llvm.ptr, %x: i32) -> i32 {
  %0 = llvm.getelementptr %p[0, 1, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<"segment", (struct<"point", (i32, i32)>, struct<"end", (i32, i32)>)>
  %1 = llvm.load %0 : !llvm.ptr -> i32
  %2 = llvm.mlir.undef : !llvm.struct<"wrapper", (array<2 x struct<"inner", (f64)>>, struct<"empty", ()>)>
  %3 = llvm.alloca %x x !llvm.struct<"big", (i64, i8, struct<"point", (i32, i32)>)> : (i32) -> !llvm.ptr
  %4 = llvm.load %3 : !llvm.ptr -> !llvm.struct<"big", (i64, i8, struct<"point", (i32, i32)>)>
  %5 = llvm.extractvalue %4[2, 1] : !llvm.struct<"big", (i64, i8, struct<"point", (i32, i32)>)>
  %6 = llvm.add %1, %5 : i32
  llvm.return %6 : i32
}
