// `llvm.shufflevector` (fixed and scalable, with poison lanes and an
// empty mask), `llvm.va_arg`, the masked gather and scatter over vectors
// of pointers, `llvm.call_intrinsic` with bundles, argument and result
// attributes and fast-math flags, and alias scopes with
// `llvm.intr.experimental.noalias.scope.decl`.
#domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "dom">
#scope1 = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>
#scope2 = #llvm.alias_scope<id = distinct[2]<>, domain = #domain, description = "two">
#named = #llvm.alias_scope<id = "s", domain = #llvm.alias_scope_domain<id = "d">>
llvm.func @vector_ops(%v: vector<4xi32>, %w: vector<4xi32>, %s: vector<[4]xf32>, %p: !llvm.ptr,
                      %ps: vector<4x!llvm.ptr>, %ps1: vector<4x!llvm.ptr<1>>, %m: vector<4xi1>) {
  %0 = llvm.shufflevector %v, %w [0, 1, 6, 7, 2] : vector<4xi32>
  %1 = llvm.shufflevector %s, %s [0, 0, 0, 0] : vector<[4]xf32>
  %2 = llvm.shufflevector %v, %w [-1, 3] : vector<4xi32>
  %3 = llvm.shufflevector %v, %w [] : vector<4xi32>
  %4 = llvm.va_arg %p : (!llvm.ptr) -> i32
  %5 = llvm.va_arg %p {foo} : (!llvm.ptr) -> !llvm.struct<(i32, f64)>
  %6 = llvm.intr.masked.gather %ps, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  %7 = llvm.intr.masked.gather %ps1, %m {alignment = 8 : i32} : (vector<4x!llvm.ptr<1>>, vector<4xi1>) -> vector<4xf32>
  llvm.intr.masked.scatter %v, %ps, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  %8 = llvm.call_intrinsic "llvm.ctpop.i32"(%4) : (i32) -> i32
  %9 = llvm.call_intrinsic "llvm.x"(%4, %p) ["tag"(%4 : i32), "t2"()] : (i32, !llvm.ptr) -> !llvm.struct<(i32)>
  %10 = llvm.call_intrinsic "llvm.y"(%4, %p) : (i32 {llvm.signext}, !llvm.ptr {llvm.nonnull}) -> (i32 {llvm.zeroext})
  %11 = llvm.call_intrinsic "llvm.fma.f32"(%4, %4, %4) {fastmathFlags = #llvm.fastmath<fast>} : (i32, i32, i32) -> i32
  llvm.call_intrinsic "llvm.donothing"() {foo = 1 : i32} : () -> ()
  llvm.intr.experimental.noalias.scope.decl #scope1
  llvm.intr.experimental.noalias.scope.decl #named
  llvm.store %4, %p {alias_scopes = [#scope1], noalias_scopes = [#scope2]} : i32, !llvm.ptr
  %12 = llvm.load %p {alias_scopes = [#scope2], noalias_scopes = [#scope1]} : !llvm.ptr -> i32
  llvm.return
}
