// llvm.call with operand bundles: one and several bundles, a bundle
// without operands, bundles after vararg(...), on an indirect call,
// with a tail call kind and a discardable attribute; and a call without
// any (whose generic form still has `op_bundle_sizes = array<i32>`).
llvm.func @f(i32)
llvm.func @g(i32, ...) -> i32
llvm.func @calls(%a: i32, %p: !llvm.ptr, %x: f64) {
  llvm.call @f(%a) ["tag"(%p : !llvm.ptr)] : (i32) -> ()
  llvm.call @f(%a) ["a"(%a, %x : i32, f64), "b"(), "c"(%p : !llvm.ptr)] : (i32) -> ()
  %0 = llvm.call @g(%a, %x) vararg(!llvm.func<i32 (i32, ...)>) ["deopt"(%a : i32)] : (i32, f64) -> i32
  llvm.call %p(%a) ["funclet"(%p : !llvm.ptr)] : !llvm.ptr, (i32) -> ()
  llvm.call tail @f(%a) ["x"()] {note = 1 : i32} : (i32) -> ()
  llvm.call @f(%a) [] : (i32) -> ()
  llvm.call @f(%a) : (i32) -> ()
  llvm.return
}
