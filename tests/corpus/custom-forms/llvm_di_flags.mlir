// The LLVM dialect's bit-enum parameters (`DIFlags`, `DISubprogramFlags`)
// as upstream's generated printer writes them: a value of a single bit,
// or of a group case named by a keyword (`Public`), bare; any other
// value of several bits as a string. `Bit0` and `Bit1` read as the bits
// of the visibility groups and print as the groups (`Private`,
// `Protected`, `Public`); `Zero` is the default and is left out.
#file = #llvm.di_file<"flags.cpp" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus, file = #file, isOptimized = false, emissionKind = Full>
#bit0 = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "bit0", flags = Bit0>
#bits = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "bits", flags = "Bit0|Bit1">
#private = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "private", flags = Private>
#protected = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "protected", flags = "Protected">
#public = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "public", flags = Public>
#fwd = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "fwd", flags = "Public|FwdDecl|Vector">
#zero = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "zero", flags = Zero>
#inherit = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "inherit", flags = "Protected|VirtualInheritance|TypePassByReference">
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#member = #llvm.di_derived_type<tag = DW_TAG_member, name = "m", baseType = #int, sizeInBits = 32>
#sp_type = #llvm.di_subroutine_type<types = #int>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition, type = #sp_type>
#sp2 = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #file, name = "g", file = #file, line = 2, scopeLine = 2, subprogramFlags = "Definition|Optimized|MainSubprogram", type = #sp_type>
#var = #llvm.di_local_variable<scope = #sp, name = "x", file = #file, line = 1, type = #int, flags = Artificial>
#var2 = #llvm.di_local_variable<scope = #sp, name = "y", type = #int, flags = "Artificial|ObjectPointer">
module attributes {t.types = [#bit0, #bits, #private, #protected, #public, #fwd, #zero, #inherit, #member], t.vars = [#var, #var2]} {
  llvm.func @f() -> i32 attributes {t.sp = #sp} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.func @g() attributes {t.sp = #sp2} {
    llvm.return
  }
}
