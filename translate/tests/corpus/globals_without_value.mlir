// Globals without a value or initializer region: the external linkages
// declare them, every other linkage defines them as `undef` (constant or
// not, in another address space, aligned, in a comdat).
llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
}
llvm.mlir.global private @p() : i32
llvm.mlir.global internal constant @ic() : !llvm.array<2 x i32>
llvm.mlir.global weak @w() {addr_space = 1 : i32, alignment = 8 : i64} : i64
llvm.mlir.global weak_odr @wo() : !llvm.struct<(i32, f32)>
llvm.mlir.global linkonce @l() : !llvm.ptr
llvm.mlir.global linkonce_odr unnamed_addr @lo() : f64
llvm.mlir.global available_externally @ae() : i8
llvm.mlir.global appending @app() : !llvm.array<1 x ptr>
llvm.mlir.global internal @dl() {dso_local} : i16
llvm.mlir.global private @cd() comdat(@__llvm_comdat::@any) : i32
llvm.mlir.global extern_weak @ew() : i32
llvm.mlir.global external constant @ex() : i32
llvm.mlir.global external @ext() : vector<2xf32>

llvm.func @use() -> i32 {
  %0 = llvm.mlir.addressof @p : !llvm.ptr
  %1 = llvm.load %0 : !llvm.ptr -> i32
  llvm.return %1 : i32
}
