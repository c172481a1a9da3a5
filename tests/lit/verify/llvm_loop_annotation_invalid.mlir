// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Loop annotations and access groups written wrongly: attributes of
// another kind where the ops and the annotations expect them, parameters
// of the wrong builtin kind, missing or unknown parameters; each with
// mlir-opt's message and place.

llvm.func @not_an_annotation() {
  // expected-error @+1 {{'llvm.br' op attribute 'loop_annotation' failed to satisfy constraint: }}
  llvm.br ^bb1 {loop_annotation = 1 : i32}
^bb1:
  llvm.return
}

// -----

llvm.func @option_as_annotation(%c: i1) {
  // expected-error @+1 {{'llvm.cond_br' op attribute 'loop_annotation' failed to satisfy constraint: }}
  llvm.cond_br %c, ^bb1, ^bb1 {loop_annotation = #llvm.loop_unroll<disable = true>}
^bb1:
  llvm.return
}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'vectorize' which is to be a `LoopVectorizeAttr`}}
#la = #llvm.loop_annotation<vectorize = #llvm.loop_unroll<disable = true>>

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'mustProgress' which is to be a `BoolAttr`}}
#la = #llvm.loop_annotation<mustProgress = 1 : i32>

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'isVectorized' which is to be a `BoolAttr`}}
#la = #llvm.loop_annotation<isVectorized = unit>

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LoopUnrollAttr parameter 'count' which is to be a `IntegerAttr`}}
#lu = #llvm.loop_unroll<count = 1.0 : f32>

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'startLoc' which is to be a `FusedLoc`}}
#la = #llvm.loop_annotation<startLoc = loc("a.c":1:1)>

// -----

// expected-error @+2 {{expected '<'}}
// expected-error @+1 {{failed to parse LoopAnnotationAttr parameter 'parallelAccesses' which is to be a `::llvm::ArrayRef<AccessGroupAttr>`}}
#la = #llvm.loop_annotation<parallelAccesses = 1>

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: foo}}
#la = #llvm.loop_annotation<foo = true>

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: disableNonforced}}
#la = #llvm.loop_annotation<disableNonforced = true, disableNonforced = false>

// -----

// expected-error @+2 {{expected valid keyword}}
// expected-error @+1 {{expected a parameter name in struct}}
#li = #llvm.loop_interleave<>

// -----

// expected-error @+1 {{expected '>'}}
#li = #llvm.loop_interleave<count = 1 : i32, count = 2 : i32>

// -----

llvm.func @groups_not_groups(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  %0 = llvm.load %p {access_groups = [1]} : !llvm.ptr -> i32
  llvm.return
}

// -----

llvm.func @group_not_array(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.store' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  llvm.store %v, %p {access_groups = #llvm.access_group<id = distinct[0]<>>} : i32, !llvm.ptr
  llvm.return
}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LLVM_AccessGroupAttr parameter 'id' which is to be a `DistinctAttr`}}
#ag = #llvm.access_group<id = 1>

// -----

// expected-error @+2 {{expected valid keyword}}
// expected-error @+1 {{expected a parameter name in struct}}
#ag = #llvm.access_group<>

// -----

llvm.func @generic_groups(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  %0 = "llvm.load"(%p) <{access_groups = [#llvm.loop_annotation<mustProgress = true>], ordering = 0 : i64}> : (!llvm.ptr) -> i32
  llvm.return
}

// -----

llvm.func @generic_annotation() {
  // expected-error @+1 {{invalid properties {loop_annotation = #llvm.access_group<id = distinct[0]<>>} for op llvm.br: Invalid attribute `loop_annotation` in property conversion: #llvm.access_group<id = distinct[0]<>>}}
  "llvm.br"()[^bb1] <{loop_annotation = #llvm.access_group<id = distinct[0]<>>}> : () -> ()
^bb1:
  llvm.return
}
