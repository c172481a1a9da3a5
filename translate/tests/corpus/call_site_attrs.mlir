// Call-site attributes on llvm.call: argument and result attributes
// (`call noundef i32 @f(ptr byval(i64) %0)`) and the function attributes
// `convergent`, `no_unwind`, `will_return`, `no_inline`, `always_inline`,
// `inline_hint` as an attribute group, numbered after every function's
// (the intrinsics' declarations included); `llvm.prefetch` and
// `llvm.is.fpclass` with their `i32 immarg` operands.

llvm.func @somefunc(i32, !llvm.ptr)
llvm.func @g() attributes {no_inline}

llvm.func @direct(%arg0: i32, %arg1: !llvm.ptr) {
  llvm.call @somefunc(%arg0, %arg1) : (i32, !llvm.ptr {llvm.byval = i64}) -> ()
  llvm.return
}

llvm.func @indirect(%arg0: i16, %arg1: !llvm.ptr) -> i16 {
  %0 = llvm.call tail %arg1(%arg0) : !llvm.ptr, (i16 {llvm.noundef, llvm.signext}) -> (i16 {llvm.signext})
  llvm.return %0 : i16
}

llvm.func @with_fastmath(%arg0: f32, %arg1: !llvm.ptr) -> f32 {
  %0 = llvm.call %arg1(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : !llvm.ptr, (f32 {llvm.noundef}) -> (f32 {llvm.noundef})
  llvm.return %0 : f32
}

llvm.func @fn_attrs(%a: f32, %p: !llvm.ptr) -> i1 {
  llvm.call @g() {convergent} : () -> ()
  llvm.call @g() {no_unwind, will_return} : () -> ()
  %0 = llvm.intr.fabs(%a) : (f32) -> f32
  llvm.call @g() {always_inline, inline_hint} : () -> ()
  llvm.call @g() {no_inline} : () -> ()
  "llvm.intr.prefetch"(%p) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
  %1 = "llvm.intr.is.fpclass"(%0) <{bit = 3 : i32}> : (f32) -> i1
  llvm.return %1 : i1
}

llvm.func @more(%v: vector<2xf64>) -> vector<2xi1> attributes {will_return} {
  llvm.call @g() {convergent} : () -> ()
  llvm.call @g() {will_return} : () -> ()
  %0 = "llvm.intr.is.fpclass"(%v) <{bit = 1023 : i32}> : (vector<2xf64>) -> vector<2xi1>
  llvm.return %0 : vector<2xi1>
}
