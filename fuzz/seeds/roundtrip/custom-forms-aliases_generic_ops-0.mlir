func.func @props(%m: memref<4xf32>) {
  "t.op"() <{p = affine_map<(d0) -> (d0 + 1)>, q = [affine_map<(d0) -> (d0 + 2)>]}> {a = affine_map<(d0) -> (d0 + 3)>} : () -> () loc("props.mlir":1:1)
  "t.op"() <{p = affine_map<(d0) -> (d0 + 3)>}> : () -> () loc("props.mlir":2:1)
  "t.op"(%m) ({
  ^bb0(%x: memref<4xf32, affine_map<(d0) -> (d0 + 4)>> loc("props.mlir":3:5)):
    "t.end"() {at = loc("props.mlir":1:1)} : () -> () loc(fused["props.mlir":4:1, "other.mlir":4:2])
  }) {l = loc(callsite("f"("props.mlir":9:9) at "props.mlir":5:5))} : (memref<4xf32>) -> ()
  %0 = "memref.cast"(%m) {b = affine_map<(d0) -> (d0 + 5)>} : (memref<4xf32>) -> memref<?xf32>
  return
}
