// llvm.func's target attributes: vscale_range (custom clause and
// dictionary, unbounded maximum), target features (empty, one, several,
// shared by two functions), vector type hints on definitions and
// declarations (signed, float, vector, one node for two equal hints),
// with other function attributes and a subprogram; a workgroup
// attribution on an argument (not an LLVM attribute: dropped); the
// string attributes of a definition (target and tuning CPU, float
// options, instrumentation; none on a declaration); the module's
// dependent libraries before its linker options and flags.
#file = #llvm.di_file<"a.c" in "/d">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "dbg", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
module attributes {llvm.dependent_libraries = #llvm.dependent_libraries<"m", "pthread">, x.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "skylake", features = #llvm.target_features<["+avx"]>>} {
  llvm.linker_options ["-lx"]
  llvm.func @vscale() vscale_range(1, 2) {
    llvm.return
  }
  llvm.func @vscale_unbounded(i32) -> i32 vscale_range(2, 0)
  llvm.func @vscale_dict() attributes {no_unwind, vscale_range = #llvm.vscale_range<minRange = 4 : i32, maxRange = 16 : i32>, passthrough = ["noinline", ["k", "v"]]} {
    llvm.return
  }
  llvm.func @features() attributes {target_features = #llvm.target_features<["+sme", "+sve", "-sme-f64f64"]>} {
    llvm.return
  }
  llvm.func @features_again() attributes {target_features = #llvm.target_features<["+sme", "+sve", "-sme-f64f64"]>}
  llvm.func @no_features() attributes {target_features = #llvm.target_features<[]>, will_return} {
    llvm.return
  }
  llvm.func @all() vscale_range(1, 4) attributes {target_features = #llvm.target_features<["+a"]>, vec_type_hint = #llvm.vec_type_hint<hint = vector<4xi32>, is_signed = true>} {
    llvm.return
  }
  llvm.func @hint_float() attributes {vec_type_hint = #llvm.vec_type_hint<hint = f32>} {
    llvm.return
  }
  llvm.func @hint_decl() attributes {vec_type_hint = #llvm.vec_type_hint<hint = f32>}
  llvm.func @hint_int() attributes {vec_type_hint = #llvm.vec_type_hint<hint = i16, is_signed = true>}
  llvm.func @dbg() attributes {vec_type_hint = #llvm.vec_type_hint<hint = i64>} {
    llvm.return loc(fused<#sp>["a.c":2:1])
  } loc(fused<#sp>["a.c":1:1])
  llvm.func @workgroup(%arg0: !llvm.ptr {llvm.mlir.workgroup_attribution = #llvm.mlir.workgroup_attribution<4 : i64, i32>, llvm.noalias}) {
    llvm.return
  }
  llvm.func @strings() attributes {target_cpu = "skylake", tune_cpu = "generic", reciprocal_estimates = "all", prefer_vector_width = "256", no_infs_fp_math = true, no_nans_fp_math = false, no_signed_zeros_fp_math = true, denormal_fp_math = "ieee", denormal_fp_math_f32 = "preserve-sign", fp_contract = "fast", instrument_function_entry = "__cyg_profile_func_enter", instrument_function_exit = "__cyg_profile_func_exit", target_features = #llvm.target_features<["+avx"]>} {
    llvm.return
  }
  llvm.func @strings_decl() attributes {target_cpu = "skylake", tune_cpu = "", no_infs_fp_math = true}
  llvm.func @empty_cpu() attributes {target_cpu = ""} {
    llvm.return
  }
}
