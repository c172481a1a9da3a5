// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Alias-analysis attributes written wrongly: a `tbaa` or `alias_scopes`
// array of other attributes, a tag of a root; each with mlir-opt's
// message and place.

llvm.func @tbaa_not_tags(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  %0 = llvm.load %p {tbaa = [1 : i32]} : !llvm.ptr -> i32
  llvm.return
}

// -----

llvm.func @scopes_not_scopes(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.store' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array}}
  llvm.store %v, %p {alias_scopes = ["x"]} : i32, !llvm.ptr
  llvm.return
}

// -----

#root = #llvm.tbaa_root
// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LLVM_TBAATagAttr parameter 'base_type' which is to be a `TBAATypeDescriptorAttr`}}
llvm.func @tag_of_root() attributes {x = #llvm.tbaa_tag<base_type = #root, access_type = #root, offset = 0>}

