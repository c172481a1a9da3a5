// llvm.func with its typed attributes in custom form: the vscale_range
// clause (before comdat), target features, vector type hints, a
// workgroup attribution on an argument, and a module with dependent
// libraries and a target.
module attributes {llvm.dependent_libraries = #llvm.dependent_libraries<"m", "pthread">, x.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "skylake", features = #llvm.target_features<["+avx", "-sse"]>>} {
  llvm.comdat @__llvm_global_comdat {
    llvm.comdat_selector @any any
  }
  llvm.func @vscale_roundtrip() vscale_range(1, 2) {
    llvm.return
  }
  llvm.func @vscale_decl(i32) -> i32 vscale_range(2, 16)
  llvm.func @vscale_comdat() vscale_range(1, 4) comdat(@__llvm_global_comdat::@any) attributes {target_features = #llvm.target_features<["+sve"]>} {
    llvm.return
  }
  llvm.func @vscale_dict() attributes {vscale_range = #llvm.vscale_range<minRange = 4 : i32, maxRange = 8 : i32>} {
    llvm.return
  }
  llvm.func @vscale_wide() vscale_range(-1, 4294967296)
  llvm.func @vscale_other_width() attributes {vscale_range = #llvm.vscale_range<minRange = 1 : i64, maxRange = 200 : i8>}
  llvm.func @features() attributes {target_features = #llvm.target_features<["+sme", "+sve", "+sme-f64f64"]>} {
    llvm.return
  }
  llvm.func @no_features() attributes {target_features = #llvm.target_features<[]>}
  llvm.func @hint() attributes {vec_type_hint = #llvm.vec_type_hint<hint = vector<4xi32>, is_signed = true>} {
    llvm.return
  }
  llvm.func @hint_float() attributes {vec_type_hint = #llvm.vec_type_hint<hint = f32>, target_cpu = "skylake"}
  llvm.func @workgroup(%arg0: !llvm.ptr {llvm.mlir.workgroup_attribution = #llvm.mlir.workgroup_attribution<4 : i64, i32>}, %arg1: !llvm.ptr {llvm.mlir.workgroup_attribution = #llvm.mlir.workgroup_attribution<16 : i64, vector<2xf32>>}) {
    llvm.return
  }
  llvm.func internal @all(%a: i32) -> i32 vscale_range(1, 1) attributes {target_features = #llvm.target_features<["+a"]>, vec_type_hint = #llvm.vec_type_hint<hint = i32>} {
    llvm.return %a : i32
  }
  // An inherent attribute of a kind its property cannot hold is dropped
  // when the op is made, as upstream's custom parsers leave it.
  llvm.func @wrong_kinds() attributes {frame_pointer = 1 : i32, target_features = "+a", vec_type_hint = i32, vscale_range = 1 : i32, x.kept = 1}
  llvm.mlir.global external @wrong_kind_global() {alignment = "x", section = 1} : i32
}
