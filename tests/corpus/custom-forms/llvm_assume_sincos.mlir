// llvm.intr.assume with and without operand bundles (an empty bundle
// list reads as none; a bundle without operands; several bundles), and
// llvm.intr.sincos on scalars and vectors, with fast-math flags and into
// packed and identified result structs.
llvm.func @hints(%c: i1, %p: !llvm.ptr, %q: !llvm.ptr<1>, %n: i64, %f: f32, %d: f64, %v: vector<4xf32>) {
  llvm.intr.assume %c : i1
  llvm.intr.assume %c [] : i1
  llvm.intr.assume %c ["align"(%p, %n : !llvm.ptr, i64)] : i1
  llvm.intr.assume %c ["separate_storage"(%p, %q : !llvm.ptr, !llvm.ptr<1>), "nonnull"(%p : !llvm.ptr), "cold"()] : i1
  llvm.intr.assume %c ["tag with spaces"(%c : i1)] : i1 {some.attr = 3 : i32}
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32, f32)>
  %1 = llvm.intr.sincos(%d) {fastmathFlags = #llvm.fastmath<fast>} : (f64) -> !llvm.struct<(f64, f64)>
  %2 = llvm.intr.sincos(%v) {fastmathFlags = #llvm.fastmath<nnan, afn>} : (vector<4xf32>) -> !llvm.struct<(vector<4xf32>, vector<4xf32>)>
  %3 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<packed (f32, f32)>
  %4 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<"pair", (f32, f32)>
  llvm.return
}
