// llvm.call in custom form: direct calls with and without a result,
// argument and result attributes, calling conventions and tail-call
// kinds, fast-math flags, a variadic callee with its `vararg` type, and
// indirect calls through a function pointer.
llvm.func @callee(i32, f32) -> i32
llvm.func @no_result(!llvm.ptr)
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func fastcc @fast(i64) -> i64

llvm.func @caller(%a: i32, %f: f32, %p: !llvm.ptr, %w: i64) -> i32 {
  %0 = llvm.call @callee(%a, %f) : (i32, f32) -> i32
  llvm.call @no_result(%p) : (!llvm.ptr) -> ()
  %1 = llvm.call @callee(%a, %f) {no_unwind} : (i32, f32) -> i32
  %2 = llvm.call @callee(%a, %f) : (i32 {llvm.signext}, f32) -> (i32 {llvm.zeroext})
  %3 = llvm.call fastcc @fast(%w) : (i64) -> i64
  %4 = llvm.call tail @callee(%a, %f) : (i32, f32) -> i32
  %5 = llvm.call musttail @callee(%a, %f) {fastmathFlags = #llvm.fastmath<fast>} : (i32, f32) -> i32
  %6 = llvm.call @printf(%p, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %7 = llvm.mlir.addressof @callee : !llvm.ptr
  %8 = llvm.call %7(%a, %f) : !llvm.ptr, (i32, f32) -> i32
  llvm.call %p() : !llvm.ptr, () -> ()
  llvm.return %0 : i32
}
