// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Debug expressions, the debug-info type attributes and dbg.declare /
// dbg.value written wrongly: arguments that are no integers (or too
// large), an unknown encoding in DW_OP_LLVM_convert, a missing required
// parameter, an expression of the wrong kind, a repeated key, and dbg ops
// given a value of the wrong type, an attribute of the wrong kind or no
// `=`, an unknown operation or none in `[]`; each with mlir-opt's message
// and place.

// expected-error @+3 {{invalid debug info debug info operation encoding name: DW_OP_bogus}}
// expected-error @+2 {{failed to parse LLVM_DIExpressionElemAttr parameter 'opcode' which is to be a `unsigned`}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_bogus]>} {}

// -----

// expected-error @+3 {{expected valid keyword}}
// expected-error @+2 {{failed to parse LLVM_DIExpressionElemAttr parameter 'opcode' which is to be a `unsigned`}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[]>} {}

// -----

// expected-error @+3 {{expected integer value}}
// expected-error @+2 {{expected integer operand}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_plus_uconst(x)]>} {}

// -----

// expected-error @+2 {{encountered unknown attribute encoding "DW_ATE_bogus"}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_LLVM_convert(8, DW_ATE_bogus)]>} {}

// -----

// expected-error @+3 {{expected integer value}}
// expected-error @+2 {{expected integer operand}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_plus_uconst()]>} {}

// -----

// The first argument of DW_OP_LLVM_convert is a size: no name there.
// expected-error @+3 {{expected integer value}}
// expected-error @+2 {{expected integer operand}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_LLVM_convert(DW_ATE_signed)]>} {}

// -----

// expected-error @+3 {{integer value too large}}
// expected-error @+2 {{expected integer operand}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_plus_uconst(18446744073709551616)]>} {}

// -----

// expected-error @+3 {{integer value too large}}
// expected-error @+2 {{expected integer operand}}
// expected-error @+1 {{failed to parse LLVM_DIExpressionAttr parameter 'operations' which is to be a `::llvm::ArrayRef<DIExpressionElemAttr>`}}
module attributes {t.a = #llvm.di_expression<[DW_OP_plus_uconst(-9223372036854775809)]>} {}

// -----

// expected-error @+1 {{struct is missing required parameter: exportSymbols}}
module attributes {t.a = #llvm.di_namespace<name = "x">} {}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LLVM_DICompositeTypeAttr parameter 'dataLocation' which is to be a `DIExpressionAttr`}}
module attributes {t.a = #llvm.di_composite_type<tag = DW_TAG_structure_type, dataLocation = #llvm.di_file<"a" in "b">>} {}

// -----

// expected-error @+1 {{struct is missing required parameter: var}}
module attributes {t.a = #llvm.di_global_variable_expression<expr = <>>} {}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: count}}
module attributes {t.a = #llvm.di_subrange<count = 3 : i64, count = 4 : i64>} {}

// -----

// expected-error @+1 {{struct is missing required parameter: lowerBound}}
module attributes {t.a = #llvm.di_generic_subrange<count = 3 : i64>} {}

// -----

// expected-error @+1 {{struct is missing required parameter: entity}}
module attributes {t.a = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #llvm.di_file<"a" in "b">>} {}

// -----

#var = #llvm.di_local_variable<scope = #llvm.di_file<"a" in "b">, name = "x">
llvm.func @declare_of_no_pointer(%a: i32) {
  // expected-error @+1 {{'llvm.intr.dbg.declare' op operand #0 must be LLVM pointer type, but got 'i32'}}
  llvm.intr.dbg.declare #var = %a : i32
  llvm.return
}

// -----

llvm.func @declare_of_a_file(%a: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.intr.dbg.declare' invalid kind of attribute specified}}
  llvm.intr.dbg.declare #llvm.di_file<"a" in "b"> = %a : !llvm.ptr
  llvm.return
}

// -----

#var = #llvm.di_local_variable<scope = #llvm.di_file<"a" in "b">, name = "x">
llvm.func @declare_with_a_file(%a: !llvm.ptr) {
  // expected-error @+1 {{'llvm.intr.dbg.declare' op attribute 'locationExpr' failed to satisfy constraint: }}
  llvm.intr.dbg.declare #var #llvm.di_file<"a" in "b"> = %a : !llvm.ptr
  llvm.return
}

// -----

#var = #llvm.di_local_variable<scope = #llvm.di_file<"a" in "b">, name = "x">
llvm.func @value_with_an_integer(%a: !llvm.ptr) {
  // expected-error @+1 {{Invalid attribute `locationExpr` in property conversion: 3 : i32}}
  "llvm.intr.dbg.value"(%a) <{varInfo = #var, locationExpr = 3 : i32}> : (!llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @value_of_an_expression(%a: !llvm.ptr) {
  // expected-error @+1 {{Invalid attribute `varInfo` in property conversion: #llvm.di_expression<>}}
  "llvm.intr.dbg.value"(%a) <{varInfo = #llvm.di_expression<>}> : (!llvm.ptr) -> ()
  llvm.return
}

// -----

#var = #llvm.di_local_variable<scope = #llvm.di_file<"a" in "b">, name = "x">
func.func @value_of_a_tensor(%a: tensor<2xf32>) {
  // expected-error @+1 {{'llvm.intr.dbg.value' op operand #0 must be LLVM dialect-compatible type, but got 'tensor<2xf32>'}}
  llvm.intr.dbg.value #var = %a : tensor<2xf32>
  return
}

// -----

#var = #llvm.di_local_variable<scope = #llvm.di_file<"a" in "b">, name = "x">
llvm.func @value_without_equal(%a: !llvm.ptr) {
  // expected-error @+1 {{expected '='}}
  llvm.intr.dbg.value #var %a : !llvm.ptr
  llvm.return
}
