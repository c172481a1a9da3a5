// A profile summary with a partial profile and an `f32` ratio (written
// as a `float`), beside a flag of another key and a function.
llvm.module_flags [#llvm.mlir.module_flag<warning, "ProfileSummary", #llvm.profile_summary<format = SampleProfile, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, is_partial_profile = 1, partial_profile_ratio = 1.000000e-01 : f32, detailed_summary = <cut_off = 4294967295, min_count = 18446744073709551615, num_counts = 3>>>, #llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
llvm.func @f() {
  llvm.return
}
