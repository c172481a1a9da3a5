// The LLVM dialect's argument and result attributes that its checks accept:
// each kind of value on the kind of parameter it belongs to, attributes the
// dialect does not check (`llvm.range`, an unknown name), `llvm.alignstack`
// on any type, and attributes on parameters of types LLVM lacks (a memref
// argument of a builtin function), which are not checked against the type.
llvm.func @pointer_units(!llvm.ptr {llvm.noalias, llvm.readonly, llvm.nocapture, llvm.nofree, llvm.nonnull}, !llvm.ptr {llvm.writeonly, llvm.readnone, llvm.nest})
llvm.func @pointer_types(!llvm.ptr {llvm.byval = !llvm.struct<(i32, f64)>}, !llvm.ptr {llvm.sret = i64, llvm.elementtype = f32}, !llvm.ptr {llvm.preallocated = i8})
llvm.func @integers(i8 {llvm.signext}, i1 {llvm.zeroext, llvm.noundef}, !llvm.ptr {llvm.align = 16 : i64, llvm.dereferenceable = 8 : i64, llvm.dereferenceable_or_null = 4 : i32})
llvm.func @any_type(f32 {llvm.inreg, llvm.returned, llvm.alignstack = 8 : i64}, i64 {llvm.alignstack = 16 : i32})
llvm.func @unchecked(!llvm.ptr {llvm.range = 3 : i64, llvm.something_else = "x"}) -> (i32 {llvm.range = 1 : i64})
llvm.func @results() -> (!llvm.ptr {llvm.noalias, llvm.nonnull, llvm.align = 8 : i64, llvm.dereferenceable = 4 : i64})
llvm.func @def(%p: !llvm.ptr {llvm.noalias}, %x: i32 {llvm.signext}) -> (i32 {llvm.zeroext}) {
  llvm.return %x : i32
}
func.func private @builtin(memref<4xf32> {llvm.noalias}, tensor<2xi32> {llvm.signext}, index {llvm.zeroext}) -> (memref<?xi8> {llvm.align = 16 : i64})
