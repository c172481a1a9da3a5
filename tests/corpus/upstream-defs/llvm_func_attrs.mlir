// The LLVM dialect's function and module attributes (upstream's
// LLVMAttrDefs.td: vscale_range, target_features, target, vec_type_hint,
// mlir.workgroup_attribution, dependent_libraries) on unregistered ops,
// then each malformed: a missing or unknown struct key, a parameter of
// the wrong kind, the target features' checks.
"x.op"() {a = #llvm.vscale_range<minRange = 1, maxRange = 2>, b = #llvm.vscale_range<maxRange = 2 : i8, minRange = 1 : i16>} : () -> ()
"x.op"() {a = #llvm.vscale_range<minRange = -1 : si32, maxRange = 0x10 : ui8>} : () -> ()
"x.op"() {a = #llvm.target_features<[]>, b = #llvm.target_features<["+a"]>, c = #llvm.target_features<["+sme", "-sve", "+sme-f64f64"]>} : () -> ()
"x.op"() {a = #llvm.target_features<["+a" : i32]>} : () -> ()
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = #llvm.target_features<[]>>} : () -> ()
"x.op"() {a = #llvm.target<chip = "c", triple = "x86_64-unknown-linux-gnu">, b = #llvm.target<triple = "a", chip = "b", features = <["+avx", "-sse"]>>} : () -> ()
"x.op"() {a = #llvm.vec_type_hint<hint = i32>, b = #llvm.vec_type_hint<hint = i32, is_signed = false>, c = #llvm.vec_type_hint<is_signed = true, hint = vector<4xi32>>} : () -> ()
"x.op"() {a = #llvm.vec_type_hint<hint = !llvm.ptr>, b = #llvm.vec_type_hint<hint = !llvm.struct<(i32, f32)>, is_signed = true>} : () -> ()
"x.op"() {a = #llvm.mlir.workgroup_attribution<4 : i32, !llvm.ptr>, b = #llvm.mlir.workgroup_attribution<4, f32>} : () -> ()
"x.op"() {a = #llvm.dependent_libraries<"x">, b = #llvm.dependent_libraries<"a", "b", "c">} : () -> ()
"x.op"() {a = #llvm<vscale_range<minRange = 3, maxRange = 4>>, b = #llvm<target_features<["-x"]>>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<["a"]>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<[""]>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<["+a,b"]>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<["+a", "b"]>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<[1]>} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<"+a">} : () -> ()
// -----
"x.op"() {a = #llvm.target_features<["+a">} : () -> ()
// -----
"x.op"() {a = #llvm.target_features} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<minRange = 1>} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<minRange = 1.0, maxRange = 1>} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<minRange = 1, minRange = 2>} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<minRange = 1, other = 2>} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<1, 2>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = 1>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<is_signed = true>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = 1>} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t">} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = 1>} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = "x">} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = <["x"]>>} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = #llvm.target_features<["x"]>>} : () -> ()
// -----
"x.op"() {a = #llvm.target<triple = "t", chip = "c", features = #llvm.vscale_range<minRange = 1, maxRange = 1>>} : () -> ()
// -----
"x.op"() {a = #llvm.mlir.workgroup_attribution<f32, 4>} : () -> ()
// -----
"x.op"() {a = #llvm.mlir.workgroup_attribution<4>} : () -> ()
// -----
"x.op"() {a = #llvm.dependent_libraries<"a", 1>} : () -> ()
// -----
"x.op"() {a = #llvm.dependent_libraries<>} : () -> ()
// -----
"x.op"() {a = #llvm.dependent_libraries<["a"]>} : () -> ()
// -----
"x.op"() {a = #llvm.vscale_range<minRange = 1 : i64, maxRange = 300 : i8>} : () -> ()
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = 2>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = -1>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = 0x1>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = tru>} : () -> ()
// -----
"x.op"() {a = #llvm.vec_type_hint<hint = i32, is_signed = 1>} : () -> ()
