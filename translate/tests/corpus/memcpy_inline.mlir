// `llvm.intr.memcpy.inline` and `llvm.intr.memset.inline`: the length is
// the `len` property, an operand of its own integer type (named in the
// overload), then `isVolatile` as `i1 immarg`; alias scopes, TBAA and
// access groups are attached as to the other memory intrinsics.
#domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "d">
#scope1 = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>
#scope2 = #llvm.alias_scope<id = distinct[2]<>, domain = #domain>
#group = #llvm.access_group<id = distinct[3]<>>
#root = #llvm.tbaa_root<id = "root">
#ty = #llvm.tbaa_type_desc<id = "char", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #ty, access_type = #ty, offset = 0>
#la = #llvm.loop_annotation<parallelAccesses = #group>

llvm.func @copies(%d: !llvm.ptr, %s: !llvm.ptr, %v: i8) {
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = false, len = 10 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = true, len = 4 : i32}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = false, len = -1 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memset.inline"(%d, %v) <{isVolatile = false, len = 7 : i64}> : (!llvm.ptr, i8) -> ()
  "llvm.intr.memset.inline"(%d, %v) <{isVolatile = true, len = 300 : i16}> : (!llvm.ptr, i8) -> ()
  llvm.return
}

llvm.func @addrspaces(%d: !llvm.ptr<1>, %s: !llvm.ptr<3>) {
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = false, len = 16 : i64}> : (!llvm.ptr<1>, !llvm.ptr<3>) -> ()
  llvm.return
}

llvm.func @metadata(%d: !llvm.ptr, %s: !llvm.ptr, %v: i8, %c: i1) {
  llvm.br ^head
^head:
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = false, len = 8 : i64, alias_scopes = [#scope1], noalias_scopes = [#scope2], tbaa = [#tag]}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memcpy.inline"(%d, %s) <{isVolatile = false, len = 8 : i64, access_groups = [#group]}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memset.inline"(%d, %v) <{isVolatile = false, len = 2 : i64, access_groups = [#group], alias_scopes = [#scope2]}> : (!llvm.ptr, i8) -> ()
  llvm.cond_br %c, ^head, ^exit {loop_annotation = #la}
^exit:
  llvm.return
}
