llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
llvm.linker_options []
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<override, "probe-stack", "inline-asm">]
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @f, to = @f, count = 2>, #llvm.cgprofile_entry<count = 0>]>]
llvm.func @f() {
  %0 = llvm.mlir.none : !llvm.token
  llvm.return
}
