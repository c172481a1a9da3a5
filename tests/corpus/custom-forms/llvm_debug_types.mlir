// The LLVM dialect's debug expressions and the debug-info attributes that
// describe types, globals, modules and imports: `#llvm.di_expression` with
// and without operations (DW_OP_LLVM_convert's encodings by name),
// composite types with members, subranges and expressions, derived types
// (pointers, members, typedefs, address spaces), string types, global
// variables and their expressions, modules, namespaces, imported
// entities, common blocks and annotations; `intr.dbg.declare` and
// `intr.dbg.value` with and without an expression.
#file = #llvm.di_file<"types.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C11, file = #file, producer = "cc", isOptimized = true, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#char = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8, encoding = DW_ATE_signed_char>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64, alignInBits = 64, dwarfAddressSpace = 0>
#gptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "gp", baseType = #char, sizeInBits = 64, dwarfAddressSpace = 3, extraData = #int>
#member_a = #llvm.di_derived_type<tag = DW_TAG_member, name = "a", baseType = #int, sizeInBits = 32>
#member_b = #llvm.di_derived_type<tag = DW_TAG_member, name = "b", baseType = #ptr, sizeInBits = 64, offsetInBits = 64>
#pair = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "pair", file = #file, line = 3, scope = #file, flags = "Public|TypePassByValue", sizeInBits = 128, alignInBits = 64, elements = #member_a, #member_b>
#range = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>
#range2 = #llvm.di_subrange<upperBound = 9 : i64, stride = 1 : i64>
#gen = #llvm.di_generic_subrange<count = 3 : i64, lowerBound = 1 : i64, stride = 2 : i64>
#array = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, sizeInBits = 128, elements = #range, #range2>
#dyn = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, dataLocation = <[DW_OP_push_object_address, DW_OP_deref]>, rank = <[DW_OP_lit1]>, allocated = <>, associated = <[DW_OP_lit0]>, elements = #gen>
#rec = #llvm.di_composite_type<recId = distinct[1]<>, isRecSelf = true>
#node = #llvm.di_composite_type<recId = distinct[1]<>, tag = DW_TAG_structure_type, name = "node", elements = #llvm.di_derived_type<tag = DW_TAG_member, name = "next", baseType = #rec>>
#typedef = #llvm.di_derived_type<tag = DW_TAG_typedef, name = "pair_t", baseType = #pair>
#str = #llvm.di_string_type<tag = DW_TAG_string_type, name = "s", sizeInBits = 64, alignInBits = 8, stringLengthExp = <[DW_OP_lit8]>, encoding = DW_ATE_ASCII>
#mod = #llvm.di_module<file = #file, scope = #cu, name = "M", configMacros = "-DX", includePath = "/inc", apinotes = "M.apinotes", line = 2, isDecl = true>
#ns = #llvm.di_namespace<name = "ns", scope = #mod, exportSymbols = true>
#ns2 = #llvm.di_namespace<exportSymbols = false>
#gv = #llvm.di_global_variable<scope = #ns, name = "g", linkageName = "_ZN2ns1gE", file = #file, line = 7, type = #pair, isLocalToUnit = true, isDefined = true, alignInBits = 64>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <[DW_OP_constu(42), DW_OP_stack_value]>>
#gve2 = #llvm.di_global_variable_expression<var = <file = #file, line = 8, type = #int>>
#common = #llvm.di_common_block<scope = #ns, decl = #gv, name = "blk", file = #file, line = 9>
#sp = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #file, name = "use", file = #file, line = 12, scopeLine = 12, subprogramFlags = Definition, type = #llvm.di_subroutine_type<types = #int, #typedef, #array>>
#import = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #sp, entity = #mod, file = #file, line = 13, name = "M", elements = #ns>
#var = #llvm.di_local_variable<scope = #sp, name = "p", file = #file, line = 14, type = #pair>
#var2 = #llvm.di_local_variable<scope = #sp, name = "n", file = #file, line = 15, arg = 1, type = #int>
#note = #llvm.di_annotation<name = "owner", value = "core">
module attributes {test.types = [#pair, #array, #dyn, #node, #typedef, #gptr, #str, #ns2], test.globals = [#gve, #gve2, #common, #import, #note], test.exprs = [#llvm.di_expression<>, #llvm.di_expression<[DW_OP_deref]>, #llvm.di_expression<[DW_OP_plus_uconst(16), DW_OP_LLVM_fragment(0, 32)]>, #llvm.di_expression<[DW_OP_LLVM_convert(32, DW_ATE_signed), DW_OP_LLVM_convert(64, 7, 99)]>, #llvm.di_expression<[DW_OP_LLVM_arg(0), DW_OP_LLVM_arg(1), DW_OP_plus, DW_OP_stack_value]>, #llvm.di_expression<[DW_OP_constu(-1), DW_OP_LLVM_extract_bits_zext(0, 8), DW_OP_LLVM_tag_offset(3)]>]} {
  llvm.func @use(%p: !llvm.ptr, %n: i32) {
    llvm.intr.dbg.declare #var = %p : !llvm.ptr loc(fused<#sp>["types.c":14:3])
    llvm.intr.dbg.declare #var #llvm.di_expression<[DW_OP_deref]> = %p : !llvm.ptr loc(fused<#sp>["types.c":14:3])
    llvm.intr.dbg.value #var2 = %n : i32 loc(fused<#sp>["types.c":15:3])
    llvm.intr.dbg.value #var2 #llvm.di_expression<[DW_OP_LLVM_fragment(0, 16)]> = %n : i32 loc(fused<#sp>["types.c":15:3])
    llvm.intr.dbg.value #var2 #llvm.di_expression<> = %n : i32
    %s = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
    llvm.intr.dbg.value #var #llvm.di_expression<[DW_OP_LLVM_fragment(0, 32)]> = %s : !llvm.struct<(i32, ptr)>
    llvm.return
  } loc(fused<#sp>["types.c":12:1])
}
