// dbg.declare, dbg.value and dbg.label as LLVM 22's debug records, with
// the variables, labels and types they name: basic, derived (pointers,
// members, typedefs, address spaces), composite (structures, which are
// distinct, arrays with subranges and expressions, unions in a namespace)
// types; expressions with fragments, stack values, base registers and
// conversions (an encoding without a name prints empty, as LLVM prints
// it); flags split as LLVM splits them; records located by a fused scope, by the op's own file location,
// and none in a function without a subprogram.
#file = #llvm.di_file<"types.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C11, file = #file, producer = "cc", isOptimized = true, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#char = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8, encoding = DW_ATE_signed_char>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64, alignInBits = 64, dwarfAddressSpace = 0>
#gptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "gp", baseType = #char, sizeInBits = 64, dwarfAddressSpace = 3, extraData = #int>
#member_a = #llvm.di_derived_type<tag = DW_TAG_member, name = "a", baseType = #int, sizeInBits = 32>
#member_b = #llvm.di_derived_type<tag = DW_TAG_member, name = "b", baseType = #ptr, sizeInBits = 64, offsetInBits = 64>
#member_c = #llvm.di_derived_type<tag = DW_TAG_member, name = "c", baseType = #gptr, sizeInBits = 64, offsetInBits = 128>
#pair = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "pair", file = #file, line = 3, scope = #file, flags = "Public|TypePassByValue", sizeInBits = 192, alignInBits = 64, elements = #member_a, #member_b, #member_c>
#array = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, sizeInBits = 128, elements = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>, #llvm.di_subrange<upperBound = 9 : i64, stride = 1 : i64>>
#dyn = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int, flags = Vector, dataLocation = <>, rank = <[DW_OP_push_object_address]>, elements = #llvm.di_subrange<count = #llvm.di_expression<[DW_OP_push_object_address]>, lowerBound = 1 : i32, stride = 4 : i64>>
#union = #llvm.di_composite_type<tag = DW_TAG_union_type, name = "u", scope = #llvm.di_namespace<name = "ns", exportSymbols = true>>
#empty = #llvm.di_composite_type<tag = DW_TAG_array_type, baseType = #int>
#typedef = #llvm.di_derived_type<tag = DW_TAG_typedef, name = "pair_t", baseType = #pair>
#sp = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #file, name = "use", file = #file, line = 12, scopeLine = 12, subprogramFlags = Definition, type = #llvm.di_subroutine_type<types = #int, #typedef, #array>>
#var = #llvm.di_local_variable<scope = #sp, name = "p", file = #file, line = 14, type = #pair>
#var2 = #llvm.di_local_variable<scope = #sp, name = "n", file = #file, line = 15, arg = 1, type = #int>
#var3 = #llvm.di_local_variable<scope = #sp, name = "x", file = #file, line = 16, alignInBits = 32, type = #union, flags = Artificial>
#var4 = #llvm.di_local_variable<scope = #sp, type = #dyn>
#var5 = #llvm.di_local_variable<scope = #sp, name = "y", arg = 2, type = #empty>
#var6 = #llvm.di_local_variable<scope = #sp, name = "z", type = #int, flags = "Public|SingleInheritance|FwdDecl|Virtual|BitField">
#label = #llvm.di_label<scope = #sp, name = "done", file = #file, line = 20>
module {
  llvm.func @use(%p: !llvm.ptr, %n: i32) {
    llvm.intr.dbg.declare #var = %p : !llvm.ptr loc(fused<#sp>["types.c":14:3])
    llvm.intr.dbg.declare #var #llvm.di_expression<[DW_OP_deref]> = %p : !llvm.ptr loc(fused<#sp>["types.c":14:3])
    llvm.intr.dbg.value #var2 = %n : i32 loc(fused<#sp>["types.c":15:3])
    llvm.intr.dbg.value #var2 #llvm.di_expression<[DW_OP_LLVM_fragment(0, 16)]> = %n : i32 loc(fused<#sp>["types.c":15:3])
    llvm.intr.dbg.value #var2 #llvm.di_expression<> = %n : i32
    %s = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
    llvm.intr.dbg.value #var #llvm.di_expression<[DW_OP_LLVM_fragment(0, 32)]> = %s : !llvm.struct<(i32, ptr)>
    %c = llvm.mlir.constant(7 : i32) : i32
    llvm.intr.dbg.value #var3 #llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_fragment(0, 16)]> = %c : i32 loc(fused<#sp>["types.c":16:1])
    llvm.intr.dbg.value #var3 #llvm.di_expression<[DW_OP_breg3(4), DW_OP_stack_value]> = %n : i32 loc(fused<#sp>["types.c":16:1])
    llvm.intr.dbg.value #var3 #llvm.di_expression<[DW_OP_LLVM_convert(8, DW_ATE_signed), DW_OP_LLVM_convert(16, 99)]> = %n : i32 loc(fused<#sp>["types.c":16:1])
    llvm.intr.dbg.value #var4 #llvm.di_expression<[DW_OP_lit0, DW_OP_swap, DW_OP_plus_uconst(8), DW_OP_constu(3), DW_OP_minus]> = %n : i32 loc(fused<#sp>["types.c":17:1])
    llvm.intr.dbg.value #var5 = %p : !llvm.ptr loc(fused<#sp>["types.c":18:1])
    %sum = llvm.add %n, %n : i32 loc(fused<#sp>["types.c":19:1])
    llvm.intr.dbg.value #var2 = %sum : i32 loc(fused<#sp>["types.c":19:2])
    llvm.intr.dbg.value #var6 = %n : i32 loc(fused<#sp>["types.c":19:3])
    llvm.intr.dbg.label #label loc(fused<#sp>["types.c":20:1])
    llvm.return
  } loc(fused<#sp>["types.c":12:1])
  llvm.func @no_subprogram(%p: !llvm.ptr) {
    llvm.intr.dbg.declare #var = %p : !llvm.ptr
    llvm.intr.dbg.label #label
    llvm.return
  }
}
