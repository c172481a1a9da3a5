// Aliases of ops printed in the generic form inside custom-form IR: an
// unregistered op's properties print but define no alias (mlir-opt's dry
// run visits only what `getAttrs()` lists, which leaves them out), its
// discardable attributes do; a registered op's properties and attributes
// count in name order. Locations written here get `#loc` aliases with
// --mlir-print-debuginfo: op locations after the IR, a location also used
// as an attribute or by a block argument before it.

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
