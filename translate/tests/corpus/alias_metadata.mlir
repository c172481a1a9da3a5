// Alias-analysis metadata on memory ops: TBAA tags (roots with and
// without an identity, type descriptors with members, constant tags),
// alias scopes with and without descriptions in domains with and without
// them, on loads, stores, atomics and memory intrinsics; with debug
// locations, which LLVM writes first and numbers first.
#root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#anon = #llvm.tbaa_root
#char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#root, 0>}>
#int = #llvm.tbaa_type_desc<id = "int", members = {<#char, 0>}>
#agg = #llvm.tbaa_type_desc<id = "agg", members = {<#int, 0>, <#int, 4>}>
#lone = #llvm.tbaa_type_desc<id = "lone", members = {<#anon, 0>}>
#tag = #llvm.tbaa_tag<base_type = #agg, access_type = #int, offset = 4>
#ctag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0, constant = true>
#ltag = #llvm.tbaa_tag<base_type = #lone, access_type = #lone, offset = 0>
#domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "dom">
#bare = #llvm.alias_scope_domain<id = distinct[1]<>>
#scope1 = #llvm.alias_scope<id = distinct[2]<>, domain = #domain>
#scope2 = #llvm.alias_scope<id = distinct[3]<>, domain = #domain, description = "two">
#scope3 = #llvm.alias_scope<id = distinct[4]<>, domain = #bare, description = "three">
#file = #llvm.di_file<"mem.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[5]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = true, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[6]<>, compileUnit = #cu, scope = #file, name = "with_debug", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
llvm.func @tbaa(%p: !llvm.ptr, %q: !llvm.ptr) {
  %0 = llvm.load %p {tbaa = [#tag]} : !llvm.ptr -> i32
  llvm.store %0, %p {tbaa = [#ctag]} : i32, !llvm.ptr
  %1 = llvm.load %q {tbaa = [#ltag]} : !llvm.ptr -> i32
  %2 = llvm.load %q {tbaa = []} : !llvm.ptr -> i32
  llvm.return
}
llvm.func @scopes(%p: !llvm.ptr, %q: !llvm.ptr, %n: i32) {
  %0 = llvm.load %q {alias_scopes = [#scope2], noalias_scopes = [#scope1, #scope2], tbaa = [#ctag]} : !llvm.ptr -> i32
  llvm.store %0, %p {alias_scopes = [#scope1], noalias_scopes = [#scope2, #scope3]} : i32, !llvm.ptr
  %1 = llvm.atomicrmw add %p, %0 monotonic {alias_scopes = [#scope3], tbaa = [#tag]} : !llvm.ptr, i32
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false, alias_scopes = [#scope1], noalias_scopes = [#scope3]}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  llvm.return
}
llvm.func @with_debug(%p: !llvm.ptr) {
  %0 = llvm.load %p {alias_scopes = [#scope1], tbaa = [#tag]} : !llvm.ptr -> i32 loc(fused<#sp>["mem.c":2:3])
  llvm.store %0, %p {noalias_scopes = [#scope1]} : i32, !llvm.ptr loc(fused<#sp>["mem.c":3:3])
  llvm.return loc(fused<#sp>["mem.c":4:3])
} loc(fused<#sp>["mem.c":1:1])
