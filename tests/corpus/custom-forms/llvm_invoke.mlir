// Exception handling: llvm.invoke direct, indirect, variadic, with a
// calling convention, successor operands, argument and result
// attributes, operand bundles and a discardable attribute;
// llvm.landingpad with cleanup, catch and filter clauses; llvm.resume;
// the personality on llvm.func.
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @foo(i32) -> i32
llvm.func @bar(!llvm.ptr, ...)
llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @eh(%arg0: i32, %fp: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  %c = llvm.bitcast %1 : !llvm.ptr to !llvm.ptr
  %arr = llvm.mlir.undef : !llvm.array<1 x ptr>
  %r = llvm.invoke @foo(%0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.invoke @bar(%1, %0) to ^bb3(%r : i32) unwind ^bb2 vararg(!llvm.func<void (ptr, ...)>) : (!llvm.ptr, i32) -> ()
^bb2:
  %lp = llvm.landingpad cleanup (catch %1 : !llvm.ptr) (catch %z : !llvm.ptr) (catch %c : !llvm.ptr) (filter %arr : !llvm.array<1 x ptr>) : !llvm.struct<(ptr, i32)>
  %2 = llvm.invoke fastcc %fp(%0) to ^bb3(%0 : i32) unwind ^bb4 {note} : !llvm.ptr, (i32 {llvm.noundef}) -> (i32 {llvm.zeroext})
^bb3(%v: i32):
  llvm.return %v : i32
^bb4:
  %lp2 = llvm.landingpad (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  %3 = llvm.invoke @foo(%0) to ^bb5 unwind ^bb4 ["x"(%0 : i32), "y"()] : (i32) -> i32
^bb5:
  llvm.resume %lp2 : !llvm.struct<(ptr, i32)>
}
