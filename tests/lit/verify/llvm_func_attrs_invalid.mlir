// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.func's typed attributes used wrongly: the vscale_range clause cut
// short, not an integer, written after comdat or twice; the attributes of
// the wrong kind in the generic form; each with mlir-opt's message and
// place.

// expected-error @+1 {{expected ','}}
llvm.func @one_bound() vscale_range(1)

// -----

// expected-error @+1 {{custom op 'llvm.func' expected integer value}}
llvm.func @not_integer() vscale_range(a, 2)

// -----

// expected-error @+1 {{custom op 'llvm.func' attribute 'vscale_range' occurs more than once in the attribute list}}
llvm.func @twice() vscale_range(1, 2) attributes {vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 4 : i32>}

// -----

llvm.comdat @c {
  llvm.comdat_selector @any any
}
// expected-error @+1 {{custom op 'vscale_range' is unknown (tried 'builtin.vscale_range' as well)}}
llvm.func @after_comdat() comdat(@c::@any) vscale_range(1, 2)

// -----

// expected-error @+1 {{invalid properties {CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64, vscale_range = 3 : i64} for op llvm.func: Invalid attribute `vscale_range` in property conversion: 3 : i64}}
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64, vscale_range = 3}> ({
}) : () -> ()

// -----

// expected-error @+1 {{invalid properties {CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", target_features = "+a", unnamed_addr = 0 : i64, visibility_ = 0 : i64} for op llvm.func: Invalid attribute `target_features` in property conversion: "+a"}}
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", target_features = "+a", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
}) : () -> ()

// -----

// expected-error @+1 {{invalid properties {CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, vec_type_hint = i32, visibility_ = 0 : i64} for op llvm.func: Invalid attribute `vec_type_hint` in property conversion: i32}}
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, vec_type_hint = i32, visibility_ = 0 : i64}> ({
}) : () -> ()
