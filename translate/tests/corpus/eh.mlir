// Exception handling: invoke (direct, variadic, with successor operands
// and operand bundles), landingpad with cleanup, catch and filter
// clauses, resume, and the function's personality.
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @foo(i32) -> i32
llvm.func @bar(!llvm.ptr, ...)
llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @eh(%arg0: i32, %fp: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %r = llvm.invoke @foo(%0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.invoke @bar(%1, %0) to ^bb3(%r : i32) unwind ^bb2 vararg(!llvm.func<void (ptr, ...)>) : (!llvm.ptr, i32) -> ()
^bb2:
  %lp = llvm.landingpad cleanup (catch %1 : !llvm.ptr) (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  %2 = llvm.invoke %fp(%arg0) to ^bb3(%0 : i32) unwind ^bb4 : !llvm.ptr, (i32) -> i32
^bb3(%v: i32):
  llvm.return %v : i32
^bb4:
  %lp2 = llvm.landingpad (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  %3 = llvm.invoke @foo(%0) to ^bb5 unwind ^bb4 ["x"(%0 : i32), "y"()] : (i32) -> i32
^bb5:
  llvm.resume %lp2 : !llvm.struct<(ptr, i32)>
}

llvm.func @calls(%a: i32, %p: !llvm.ptr) attributes {personality = @__gxx_personality_v0} {
  llvm.call @bar(%p, %a) vararg(!llvm.func<void (ptr, ...)>) ["deopt"(%a, %p : i32, !llvm.ptr), "cold"()] : (!llvm.ptr, i32) -> ()
  %0 = llvm.call tail @foo(%a) ["x"(%a : i32)] : (i32) -> i32
  llvm.return
}
