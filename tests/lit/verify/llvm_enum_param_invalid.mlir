// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Enum parameters of LLVM attributes that name no case, or none at all:
// the enum's cases and summary, then the parameter that failed; each
// with mlir-opt's message and place.

// expected-error @+2 {{expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: bogus}}
// expected-error @+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
llvm.func @linkage() attributes {x = #llvm.linkage<bogus>}

// -----

// expected-error @+2 {{expected keyword for LLVM linkage types}}
// expected-error @+1 {{failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`}}
llvm.func @no_linkage() attributes {x = #llvm.linkage<>}

// -----

// expected-error @+2 {{for Calling Conventions, got: fast}}
// expected-error @+1 {{failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`}}
llvm.func @cconv() attributes {x = #llvm.cconv<fast>}

// -----

// expected-error @+2 {{expected one of [none, notail, musttail, tail] for Tail Call Kind, got: always}}
// expected-error @+1 {{failed to parse TailCallKindAttr parameter 'tailCallKind' which is to be a `TailCallKind`}}
llvm.func @tail_call_kind() attributes {x = #llvm.tailcallkind<always>}

// -----

// expected-error @+2 {{expected one of [none, sync, async] for LLVM Unwind Behavior, got: bogus}}
// expected-error @+1 {{failed to parse UWTableKindAttr parameter 'uwtableKind' which is to be a `uwtable::UWTableKind`}}
llvm.func @uwtable() attributes {x = #llvm.uwtableKind<bogus>}

// -----

// expected-error @+2 {{expected one of [none, read, write, readwrite] for LLVM ModRefInfo, got: bogus}}
// expected-error @+1 {{failed to parse LLVM_MemoryEffectsAttr parameter 'other' which is to be a `ModRefInfo`}}
llvm.func @memory() attributes {x = #llvm.memory_effects<other = bogus, argMem = none, inaccessibleMem = none>}

// -----

// The debug-info enums: a one-of enum's cases, a bit enum's missing word.
// expected-error @+2 {{expected one of [Default, GNU, None, Apple] for LLVM debug name table kind, got: Bogus}}
// expected-error @+1 {{failed to parse LLVM_DICompileUnitAttr parameter 'nameTableKind' which is to be a `DINameTableKind`}}
llvm.func @name_table_kind() attributes {x = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = <"a.c" in "/d">, isOptimized = false, emissionKind = Full, nameTableKind = Bogus>}

// -----

// expected-error @+2 {{expected keyword for LLVM DISubprogram flags}}
// expected-error @+1 {{failed to parse LLVM_DISubprogramAttr parameter 'subprogramFlags' which is to be a `DISubprogramFlags`}}
llvm.func @subprogram_flags() attributes {x = #llvm.di_subprogram<name = "f", subprogramFlags = 3>}

// -----

// Cases that are no keywords are listed quoted and then bare, as upstream.
// expected-error @+2 {{expected one of [none, "non-leaf"non-leaf, all, reserved, "non-leaf-no-reserve"non-leaf-no-reserve] for LLVM FramePointerKind, got: bogus}}
// expected-error @+1 {{failed to parse FramePointerKindAttr parameter 'framePointerKind' which is to be a `framePointerKind::FramePointerKind`}}
llvm.func @frame_pointer_kind() attributes {x = #llvm.framePointerKind<bogus>}
