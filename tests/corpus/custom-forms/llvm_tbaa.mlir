// TBAA metadata: roots with and without an identity, type descriptors
// with members, tags (constant or not) on loads and stores; all printed
// with their mnemonic aliases.
#root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#other = #llvm.tbaa_root
#char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#root, 0>}>
#int = #llvm.tbaa_type_desc<id = "int", members = {<#char, 0>}>
#agg = #llvm.tbaa_type_desc<id = "agg", members = {<#int, 0>, <#int, 4>}>
#lone = #llvm.tbaa_type_desc<id = "lone", members = {<#other, 8>}>
#tag = #llvm.tbaa_tag<base_type = #agg, access_type = #int, offset = 4>
#ctag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0, constant = true>
llvm.func @tbaa(%p: !llvm.ptr) attributes {x = #other, y = #lone} {
  %0 = llvm.load %p {tbaa = [#tag]} : !llvm.ptr -> i32
  llvm.store %0, %p {tbaa = [#ctag]} : i32, !llvm.ptr
  %1 = llvm.load %p {tbaa = [#tag, #ctag]} : !llvm.ptr -> i32
  llvm.return
}
