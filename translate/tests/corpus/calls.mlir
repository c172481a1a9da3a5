// Calls: fast-math on a call, indirect calls, tail-call kinds; fneg of a
// constant folds.
llvm.func @g(f64) -> f64
llvm.func @f(%x: f64, %fp: !llvm.ptr) -> f64 {
  %c = llvm.mlir.constant(2.5 : f64) : f64
  %n = llvm.fneg %c : f64
  %h = llvm.mlir.constant(1.0 : f32) : f32
  %hn = llvm.fneg %h : f32
  %he = llvm.fpext %hn : f32 to f64
  %a = llvm.fadd %x, %n : f64
  %b = llvm.fadd %a, %he : f64
  %r = llvm.call @g(%b) {fastmathFlags = #llvm.fastmath<fast>} : (f64) -> f64
  %s = llvm.call %fp(%r) : !llvm.ptr, (f64) -> f64
  %t = llvm.call tail @g(%s) : (f64) -> f64
  %u = llvm.call notail @g(%t) : (f64) -> f64
  llvm.return %u : f64
}
