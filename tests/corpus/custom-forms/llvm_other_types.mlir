// The LLVM types without parameters besides void, token and label:
// metadata, ppc_fp128 (also as a vector, array and struct element, and in
// a function type) and x86_amx, written in full and inside other LLVM
// types; builtin types where an LLVM type's keyword is read are errors
// (tests/lit/verify/llvm_builtin_in_llvm_type_invalid.mlir).
func.func @types() {
  %0 = "foo.producer"() : () -> !llvm.metadata
  %1 = "foo.producer"() : () -> !llvm.ppc_fp128
  %2 = "foo.producer"() : () -> !llvm.x86_amx
  %3 = "foo.producer"() : () -> vector<2x!llvm.ppc_fp128>
  %4 = "foo.producer"() : () -> !llvm.array<3 x ppc_fp128>
  %5 = "foo.producer"() : () -> !llvm.struct<(ppc_fp128, x86_amx, i32)>
  %6 = "foo.producer"() : () -> !llvm.func<ppc_fp128 (metadata, ptr)>
  "foo.consumer"(%0, %1, %2, %3, %4, %5, %6) : (!llvm.metadata, !llvm.ppc_fp128, !llvm.x86_amx, vector<2x!llvm.ppc_fp128>, !llvm.array<3 x ppc_fp128>, !llvm.struct<(ppc_fp128, x86_amx, i32)>, !llvm.func<ppc_fp128 (metadata, ptr)>) -> ()
  return
}
llvm.func @ppc(%x: !llvm.ppc_fp128) -> !llvm.ppc_fp128 {
  llvm.return %x : !llvm.ppc_fp128
}
