// The module-level LLVM ops: comdats with every selection kind, globals
// and functions in a comdat (nested and flat references), global
// ctors/dtors (symbol and zero data, empty lists), linker options,
// module flags (integers, strings, the CG Profile entries with and
// without their ends, profile summaries with and without their optional
// fields) and `llvm.mlir.none`.
llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
  llvm.comdat_selector @exactmatch exactmatch
  llvm.comdat_selector @largest largest
  llvm.comdat_selector @nodeduplicate nodeduplicate
  llvm.comdat_selector @samesize samesize {note = "kept"}
}
llvm.comdat @other {
  llvm.comdat_selector @other_any any
}
llvm.comdat_selector @flat samesize
llvm.mlir.global internal constant @has_any_comdat(1 : i64) comdat(@__llvm_comdat::@any) : i64
llvm.mlir.global weak @has_largest(0 : i32) comdat(@__llvm_comdat::@largest) {alignment = 4 : i64} : i32
llvm.mlir.global external @has_flat(0 : i8) comdat(@flat) : i8
llvm.func @in_comdat() comdat(@other::@other_any) {
  llvm.return
}
llvm.func linkonce_odr @in_comdat_with_attrs(%arg0: i32) -> i32 comdat(@__llvm_comdat::@exactmatch) attributes {no_inline} {
  llvm.return %arg0 : i32
}
llvm.func @ctor() {
  llvm.return
}
llvm.func @dtor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [@ctor, @dtor], priorities = [65535 : i32, -1 : i32], data = [@has_flat, #llvm.zero] {note}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [1 : i32], data = [@has_any_comdat]
llvm.mlir.global_dtors dtors = [], priorities = [], data = []
llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
llvm.linker_options ["-l", "clang_rt.builtins-aarch64"]
llvm.linker_options []
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<min, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<max, "PIE Level", 2 : i32>, #llvm.mlir.module_flag<warning, "w", 7 : i64>, #llvm.mlir.module_flag<require, "r", 1 : i32>, #llvm.mlir.module_flag<override, "probe-stack", "inline-asm">, #llvm.mlir.module_flag<append_unique, "u", "\09tab">]
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @ctor, to = @dtor, count = 222>, #llvm.cgprofile_entry<from = @ctor, count = 1>, #llvm.cgprofile_entry<to = @ctor, count = 18446744073709551615>, #llvm.cgprofile_entry<count = 0>]>]
llvm.module_flags []
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427, max_internal_count = 86427, max_function_count = 4691, num_counts = 3712, num_functions = 796, is_partial_profile = 0, partial_profile_ratio = 0.000000e+00 : f64, detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>, <cut_off = 100000, min_count = 86427, num_counts = 1>>>]
llvm.module_flags [#llvm.mlir.module_flag<warning, "ProfileSummary", #llvm.profile_summary<format = CSInstrProf, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>>]
llvm.module_flags [#llvm.mlir.module_flag<max, "ProfileSummary", #llvm.profile_summary<format = SampleProfile, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, is_partial_profile = 1, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>>]
llvm.func @none_token() {
  %0 = llvm.mlir.none : !llvm.token
  %1 = llvm.mlir.none {note} : !llvm.token
  llvm.return
}
