// RUN: ods-opt %s --verify-diagnostics --split-input-file
// The debug-info attributes written wrongly: a file without `in`, a unit
// missing a required parameter, unknown and repeated struct keys, an
// enum value that names no case (and its parameter's error), an
// attribute of the wrong kind where a file goes, subprogram flags with an
// unknown name, and dbg.label given something else than a label; each
// with mlir-opt's message and place.

// expected-error @+1 {{expected 'in'}}
#file = #llvm.di_file<"a.c">

// -----

// expected-error @+1 {{struct is missing required parameter: file}}
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, isOptimized = true, emissionKind = Full>

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: colour}}
#block = #llvm.di_lexical_block_file<scope = #llvm.di_file<"a.c" in "">, colour = 3, discriminator = 0>

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: line}}
#block = #llvm.di_lexical_block<scope = #llvm.di_file<"a.c" in "">, line = 3, line = 4>

// -----

#file = #llvm.di_file<"a.c" in "">
// expected-error @+2 {{expected one of [None, Full, LineTablesOnly, DebugDirectivesOnly] for LLVM debug emission kind, got: Partial}}
// expected-error @+1 {{failed to parse LLVM_DICompileUnitAttr parameter 'emissionKind' which is to be a `DIEmissionKind`}}
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = true, emissionKind = Partial>

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LLVM_DISubprogramAttr parameter 'file' which is to be a `DIFileAttr`}}
#sp = #llvm.di_subprogram<file = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int">>

// -----

// expected-error @+2 {{expected one of [Virtual, PureVirtual, LocalToUnit, Definition, Optimized, Pure, Elemental, Recursive, MainSubprogram, Deleted, ObjCDirect] for LLVM DISubprogram flags, got: Definition|Bogus}}
// expected-error @+1 {{failed to parse LLVM_DISubprogramAttr parameter 'subprogramFlags' which is to be a `DISubprogramFlags`}}
#sp = #llvm.di_subprogram<subprogramFlags = "Definition|Bogus">

// -----

llvm.func @label_of_another_kind() {
  // expected-error @+1 {{custom op 'llvm.intr.dbg.label' invalid kind of attribute specified}}
  llvm.intr.dbg.label #llvm.di_file<"a.c" in "">
  llvm.return
}
