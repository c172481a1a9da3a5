// Masked gathers (with and without a passthru, in address spaces) and
// scatters with their alignment on the pointer vector; call_intrinsic of
// intrinsics by their overloaded names, with fast-math flags and the
// immarg flag operand; noalias scope declarations of distinct and named
// scopes, whose list is numbered with the alias metadata of the loads.
#domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "dom">
#scope1 = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>
#named = #llvm.alias_scope<id = "s", domain = #llvm.alias_scope_domain<id = "d">, description = "named">
#plain = #llvm.alias_scope<id = "t", domain = #llvm.alias_scope_domain<id = "d", description = "dd">>
llvm.func @gather_scatter(%v: vector<4xi32>, %ps: vector<4x!llvm.ptr>, %ps1: vector<4x!llvm.ptr<1>>, %m: vector<4xi1>, %f: vector<4xf32>) -> vector<4xf32> {
  %0 = llvm.intr.masked.gather %ps, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  %1 = llvm.intr.masked.gather %ps1, %m {alignment = 8 : i32} : (vector<4x!llvm.ptr<1>>, vector<4xi1>) -> vector<4xf32>
  %2 = llvm.intr.masked.gather %ps1, %m, %f {alignment = 16 : i32} : (vector<4x!llvm.ptr<1>>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.intr.masked.scatter %0, %ps, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  llvm.intr.masked.scatter %1, %ps1, %m {alignment = 1 : i32} : vector<4xf32>, vector<4xi1> into vector<4x!llvm.ptr<1>>
  %3 = llvm.fadd %1, %2 : vector<4xf32>
  llvm.return %3 : vector<4xf32>
}
llvm.func @calls(%i: i32, %x: f64, %y: f64, %v: vector<2xf32>) -> f64 {
  %0 = llvm.call_intrinsic "llvm.ctpop.i32"(%i) : (i32) -> i32
  %1 = llvm.call_intrinsic "llvm.smax.i32"(%i, %0) : (i32, i32) -> i32
  %2 = llvm.call_intrinsic "llvm.fma.f64"(%x, %y, %x) {fastmathFlags = #llvm.fastmath<fast>} : (f64, f64, f64) -> f64
  %3 = llvm.call_intrinsic "llvm.sqrt.v2f32"(%v) {fastmathFlags = #llvm.fastmath<nnan, ninf>} : (vector<2xf32>) -> vector<2xf32>
  %false = llvm.mlir.constant(false) : i1
  %4 = llvm.call_intrinsic "llvm.abs.i32"(%1, %false) : (i32, i1) -> i32
  %5 = llvm.call_intrinsic "llvm.powi.f64.i32"(%2, %4) : (f64, i32) -> f64
  llvm.return %5 : f64
}
llvm.func @scopes(%p: !llvm.ptr, %q: !llvm.ptr) -> i32 {
  llvm.intr.experimental.noalias.scope.decl #scope1
  llvm.intr.experimental.noalias.scope.decl #named
  %0 = llvm.load %p {alias_scopes = [#scope1], noalias_scopes = [#named, #plain]} : !llvm.ptr -> i32
  llvm.intr.experimental.noalias.scope.decl #plain
  llvm.store %0, %q {alias_scopes = [#named], noalias_scopes = [#scope1]} : i32, !llvm.ptr
  llvm.return %0 : i32
}
