// LLVM dialect types on unregistered ops.
"x.op"() : () -> (!llvm.ptr, !llvm.ptr<1>, !llvm.ptr<0>, !llvm<ptr<3>>, !llvm.void, !llvm.token, !llvm.label)
"x.op"() : () -> (!llvm.array<4 x i32>, !llvm.array<4 x ptr>, !llvm.array<2 x array<3 x !llvm.ptr<1>>>, !llvm.array<0 x f32>)
"x.op"() : () -> (!llvm.func<i32 (i32, ...)>, !llvm.func<void ()>, !llvm.func<void (...)>, !llvm.func<ptr (struct<(i32)>, f32)>)
"x.op"() : () -> (!llvm.struct<(i32, ptr)>, !llvm.struct<packed (i8, i32)>, !llvm.struct<()>, !llvm.struct<packed ()>)
"x.op"() : () -> (!llvm.struct<"a", (i32)>, !llvm.struct<"b", opaque>, !llvm.struct<"d", packed (i64, array<2 x struct<(ptr<2>)>>)>, !llvm.struct<"g", ()>)
"x.op"() {t = !llvm.func<!llvm.struct<(i32, func<void (ptr)>)> (tensor<2xf32>, !llvm.array<1 x i1>)>, u = [!llvm.ptr, !llvm.void]} : () -> !llvm.struct<(vector<4xf32>, memref<2xi8>)>
"x.op"() : () -> !llvm.array<-1 x i32>
// -----
"x.op"() : () -> !llvm.struct<"c">
// -----
"x.op"() : () -> !llvm.array<4 x void>
// -----
"x.op"() : () -> !llvm.func<void (void)>
// -----
"x.op"() : () -> !llvm.func<label ()>
// -----
"x.op"() : () -> !llvm.func<i32 (func<void ()>)>
// -----
"x.op"() : () -> !llvm.struct<(void)>
// -----
"x.op"() : () -> !llvm.struct<(i32, token)>
// -----
"x.op"() : () -> !llvm.struct<opaque>
// -----
"x.op"() : () -> !llvm.i32
// -----
"x.op"() : () -> !llvm.foo
// -----
"x.op"() : () -> !llvm.array<4 x foo>
// -----
"x.op"() : () -> !llvm.array<4 x i32, 3>
// -----
"x.op"() : () -> !llvm.ptr<x>
// -----
"x.op"() : () -> !llvm.struct<(i32>
// -----
"x.op"() : () -> !llvm.func<i32>
// -----
"x.op"() : () -> !llvm.func<i32 (i32, ..., i32)>
// -----
"x.op"() : () -> !llvm.struct<"e" (i32)>
// -----
"llvm.foo"() : () -> ()
