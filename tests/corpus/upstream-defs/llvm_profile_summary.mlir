// The LLVM dialect's profile-summary module flag (upstream's
// LLVMAttrDefs.td: profile_summary, profile_summary_detailed) on
// unregistered ops, then malformed: an unknown format kind, a missing
// key, a detailed entry of the wrong kind, and each nested in another
// attribute, where the outer error is past the inner attribute's body.
"x.op"() {a = #llvm.profile_summary<format = SampleProfile, total_count = 263646, max_count = 86427, max_internal_count = 86427, max_function_count = 4691, num_counts = 3712, num_functions = 796, is_partial_profile = 0, partial_profile_ratio = 0.000000e+00 : f64, detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>, <cut_off = 100000, min_count = 86427, num_counts = 1>>} : () -> ()
"x.op"() {a = #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>} : () -> ()
"x.op"() {a = #llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = CSInstrProf, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>>} : () -> ()
// -----
"x.op"() {a = #llvm.profile_summary<format = "YoloFmt", total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>} : () -> ()
// -----
"x.op"() {a = #llvm.profile_summary<format = Yolo, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>} : () -> ()
// -----
"x.op"() {a = #llvm.profile_summary<format = InstrProf, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, min_count = 2, num_counts = 3>>} : () -> ()
// -----
"x.op"() {a = #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 2, max_internal_count = 3, max_function_count = 4, num_counts = 5, num_functions = 6, detailed_summary = <cut_off = 1, num_counts = 3>>} : () -> ()
// -----
"x.op"() {a = #llvm.mlir.module_flag<error, "ProfileSummary",
  #llvm.profile_summary<format = "YoloFmt", total_count = 263646, max_count = 86427,
    max_internal_count = 86427, max_function_count = 4691,
    num_counts = 3712, num_functions = 796,
    detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>
>>} : () -> ()
// -----
"x.op"() {a = #llvm.mlir.module_flag<error, "ProfileSummary",
  #llvm.profile_summary<format = InstrProf, total_count = 1, max_count = 2,
    max_internal_count = 3, max_function_count = 4, num_counts = 5,
    num_functions = 6, detailed_summary = <cut_off = 1, min_count = x, num_counts = 3>
  >
>} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = #llvm.target_features<["a"]>
>} : () -> ()
// -----
"x.op"() {a = [1, #llvm.linkage<
  bogus>, 2]} : () -> ()
