// Call-site attributes of an invoke: `res_attrs` before the type,
// `arg_attrs` between each argument's type and value.
llvm.func @callee(i16, !llvm.ptr, i32) -> i16
llvm.func @plain(i32)
llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @invoke_attrs(%a: i16, %p: !llvm.ptr, %n: i32) -> i16 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(0 : i16) : i16
  %1 = llvm.invoke @callee(%a, %p, %n) to ^bb2 unwind ^bb1 : (i16 {llvm.noundef, llvm.signext}, !llvm.ptr {llvm.byval = i64, llvm.align = 8 : i64}, i32) -> (i16 {llvm.zeroext, llvm.noundef})
^bb1:
  %2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.invoke @plain(%n) to ^bb3 unwind ^bb1 : (i32 {llvm.inreg}) -> ()
^bb2:
  llvm.return %1 : i16
^bb3:
  llvm.return %0 : i16
}
