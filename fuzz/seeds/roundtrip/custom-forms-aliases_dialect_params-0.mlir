func.func @params(%v: !async.value<memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>,
                  %w: !async.value<tensor<4xf32, affine_map<(d0) -> (d0 * 2)>>>) {
  %0 = "t.use"(%v) {a = [!async.value<memref<8xf32, affine_map<(d0) -> (d0 + 3)>>>]} : (!async.value<memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>) -> !async.value<memref<2xi8, affine_map<(d0) -> (d0 + 4)>>>
  "t.use"(%w) : (!async.value<tensor<4xf32, affine_map<(d0) -> (d0 * 2)>>>) -> ()
  return
}

func.func @llvm() {
  "t.use"() {s = !llvm.struct<(i32, memref<4xf32, affine_map<(d0) -> (d0 + 5)>>)>, a = !llvm.array<2 x memref<4xf32, affine_map<(d0) -> (d0 + 6)>>>} : () -> ()
  "t.use"() {n = !llvm.struct<"named", (memref<4xf32, affine_map<(d0) -> (d0 + 7)>>, memref<4xf32, affine_map<(d0) -> (d0 + 5)>>)>} : () -> ()
  "t.use"() {f = !llvm.func<void (memref<4xf32, affine_map<(d0) -> (d0 + 8)>>)>} : () -> ()
  return
}
