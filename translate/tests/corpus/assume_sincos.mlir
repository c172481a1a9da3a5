// llvm.intr.assume with operand bundles (LLVM's verifier wants the
// condition `true` then) and without, and llvm.intr.sincos on scalars
// and vectors with fast-math flags: the calls and the declarations.
llvm.func @assume(%p: !llvm.ptr, %q: !llvm.ptr, %n: i64, %c: i1) {
  %t = llvm.mlir.constant(true) : i1
  llvm.intr.assume %c : i1
  llvm.intr.assume %t ["align"(%p, %n : !llvm.ptr, i64)] : i1
  llvm.intr.assume %t ["separate_storage"(%p, %q : !llvm.ptr, !llvm.ptr), "nonnull"(%p : !llvm.ptr), "cold"()] : i1
  llvm.return
}

llvm.func @sincos(%f: f32, %d: f64, %v: vector<4xf32>) -> f32 {
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32, f32)>
  %1 = llvm.intr.sincos(%d) {fastmathFlags = #llvm.fastmath<fast>} : (f64) -> !llvm.struct<(f64, f64)>
  %2 = llvm.intr.sincos(%v) {fastmathFlags = #llvm.fastmath<nnan, afn>} : (vector<4xf32>) -> !llvm.struct<(vector<4xf32>, vector<4xf32>)>
  %3 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32, f32)>
  %s = llvm.extractvalue %0[0] : !llvm.struct<(f32, f32)>
  %c = llvm.extractvalue %3[1] : !llvm.struct<(f32, f32)>
  %r = llvm.fadd %s, %c : f32
  llvm.return %r : f32
}
