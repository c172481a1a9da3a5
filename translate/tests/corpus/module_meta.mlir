// Module-level ops: comdats used by functions and globals (a selector of
// the object's own name, quoted names, an unused selector), global
// ctors/dtors built up entry by entry with empty lists in between, linker
// options (one repeated, one empty), module flags of every behavior LLVM
// takes with integers (wide, negative, boolean), strings with escapes, a
// CG Profile whose ends are functions, globals or missing, a profile
// summary, and an unused `llvm.mlir.none`.
llvm.comdat @a {
  llvm.comdat_selector @f any
  llvm.comdat_selector @unused largest
}
llvm.comdat @b {
  llvm.comdat_selector @g nodeduplicate
  llvm.comdat_selector @"q u" samesize
  llvm.comdat_selector @em exactmatch
}
llvm.mlir.global external @g(0 : i32) comdat(@b::@g) : i32
llvm.mlir.global internal constant @h(dense<[1, 2]> : tensor<2xi32>) comdat(@b::@"q u") {alignment = 8 : i64} : !llvm.array<2 x i32>
llvm.mlir.global linkonce_odr @r() comdat(@b::@em) : i64 {
  %0 = llvm.mlir.constant(7 : i64) : i64
  llvm.return %0 : i64
}
llvm.func @f() comdat(@a::@f) {
  llvm.return
}
llvm.func @d()
llvm.func linkonce_odr @e(%arg0: i32) -> i32 comdat(@b::@em) attributes {no_inline} {
  llvm.return %arg0 : i32
}
llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_ctors ctors = [@ctor], priorities = [5 : i32], data = [#llvm.zero]
llvm.mlir.global_dtors dtors = [@ctor], priorities = [5 : i32], data = [@g]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_dtors dtors = [], priorities = [], data = []
llvm.mlir.global_ctors ctors = [@f, @e], priorities = [-1 : i32, 65535 : i32], data = [#llvm.zero, #llvm.zero]
llvm.module_flags [#llvm.mlir.module_flag<error, "a", 1 : i32>, #llvm.mlir.module_flag<warning, "b", true>, #llvm.mlir.module_flag<error, "c", -1 : i64>, #llvm.mlir.module_flag<override, "d", 4294967297 : i64>, #llvm.mlir.module_flag<warning, "e", "s\"\0A">, #llvm.mlir.module_flag<override, "f", 0 : i8>, #llvm.mlir.module_flag<max, "g", 255 : i8>, #llvm.mlir.module_flag<min, "h i", 2 : i32>]
llvm.linker_options ["x"]
llvm.linker_options ["x"]
llvm.linker_options []
llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
llvm.module_flags []
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @f, to = @nope, count = 222>, #llvm.cgprofile_entry<from = @g, count = 18446744073709551615>, #llvm.cgprofile_entry<from = @e, to = @"f", count = 0>]>, #llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427, max_internal_count = 86427, max_function_count = 4691, num_counts = 3712, num_functions = 796, is_partial_profile = 0, partial_profile_ratio = 2.500000e-01 : f64, detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>, <cut_off = 100000, min_count = 86427, num_counts = 1>>>]
llvm.func @t() {
  %0 = llvm.mlir.none : !llvm.token
  llvm.return
}
