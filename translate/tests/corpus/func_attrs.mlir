// llvm.func's own attributes: the unit properties (declarations too),
// memory effects (other first or not, every location, target memory),
// frame pointer and unwind table kinds (none writes nothing), the
// arm_* properties of definitions (the first of each group; none on a
// declaration), section (a definition's only), alignment and garbage
// collector after the comdat (an alignment LLVM rounds down to a power
// of two; empty names are none), a personality after them, entry counts
// (!prof) and the kernel attachments in the order the module first uses
// their kinds, equal nodes shared; a subprogram's !dbg first.
#file = #llvm.di_file<"a.c" in "/d">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = Full>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "dbg", file = #file, line = 1, scopeLine = 1, subprogramFlags = Definition>
module {
  llvm.comdat @__llvm_comdat {
    llvm.comdat_selector @in_comdat any
  }
  llvm.func @pers() -> i32
  llvm.func @units() attributes {no_inline, no_unwind, will_return, convergent, inline_hint, optimize_none}
  llvm.func @always() attributes {always_inline}
  llvm.func @mem_none() attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>}
  llvm.func @mem_mixed() attributes {memory_effects = #llvm.memory_effects<other = read, argMem = none, inaccessibleMem = write, errnoMem = read, targetMem0 = readwrite, targetMem1 = none>}
  llvm.func @mem_other_none() attributes {memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = none, errnoMem = write, targetMem0 = none, targetMem1 = none>}
  llvm.func @mem_all() attributes {memory_effects = #llvm.memory_effects<other = readwrite, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = readwrite, targetMem0 = readwrite, targetMem1 = readwrite>, no_unwind}
  llvm.func @frame(!llvm.ptr) attributes {frame_pointer = #llvm.framePointerKind<"non-leaf">}
  llvm.func @frame_all() attributes {frame_pointer = #llvm.framePointerKind<all>, uwtable_kind = #llvm.uwtableKind<sync>}
  llvm.func @uw_async() attributes {uwtable_kind = #llvm.uwtableKind<async>, no_inline}
  llvm.func @uw_none() attributes {uwtable_kind = #llvm.uwtableKind<none>}
  llvm.func @arm_decl() attributes {arm_streaming, arm_new_za}
  llvm.func @streaming() attributes {arm_streaming, arm_streaming_compatible, arm_new_za, arm_preserves_za} {
    llvm.return
  }
  llvm.func @locally() attributes {arm_locally_streaming, arm_in_za} {
    llvm.return
  }
  llvm.func @compatible() attributes {arm_streaming_compatible, arm_out_za} {
    llvm.return
  }
  llvm.func @inout() attributes {arm_inout_za, no_inline} {
    llvm.return
  }
  llvm.func @preserves() attributes {arm_preserves_za} {
    llvm.return
  }
  llvm.func @decl_words() attributes {section = ".text.d", alignment = 64 : i64, garbageCollector = "statepoint-example"}
  llvm.func @def_words() attributes {section = ".text.x", alignment = 8 : i64, garbageCollector = "g\22c", personality = @pers, frame_pointer = #llvm.framePointerKind<all>, always_inline} {
    llvm.return
  }
  llvm.func @in_comdat() comdat(@__llvm_comdat::@in_comdat) attributes {section = "s\22\5C\01", alignment = 4 : i64, garbageCollector = "g", function_entry_count = 3 : i64} {
    llvm.return
  }
  llvm.func @odd_align() attributes {alignment = 12 : i64, section = "", garbageCollector = ""} {
    llvm.return
  }
  llvm.func @no_align() attributes {alignment = 0 : i64}
  llvm.func @max_align() attributes {alignment = 4294967296 : i64}
  llvm.func @reqd() attributes {reqd_work_group_size = array<i32: 4>}
  llvm.func @kernel() attributes {intel_reqd_sub_group_size = 8 : i32, work_group_size_hint = array<i32: 1, 2, 3>, reqd_work_group_size = array<i32: 4>, vec_type_hint = #llvm.vec_type_hint<hint = f32>}
  llvm.func @kernel_def() attributes {function_entry_count = 7 : i64, work_group_size_hint = array<i32: 1, 2, 3>, vec_type_hint = #llvm.vec_type_hint<hint = i32, is_signed = true>} {
    llvm.return
  }
  llvm.func @with_dbg() attributes {function_entry_count = 1 : i64, reqd_work_group_size = array<i32: 8, 8>} {
    llvm.return loc(#loc)
  } loc(#loc1)
}
#loc = loc(fused<#sp>["a.c":2:3])
#loc1 = loc(fused<#sp>["a.c":1:1])
