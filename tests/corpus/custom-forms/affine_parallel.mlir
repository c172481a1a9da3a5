// affine.parallel in its custom form: constant and SSA bounds, max/min
// groups with symbol(...) operands, an operand written in several
// bounds (kept once), steps, empty bands, nested bands with discardable
// attributes, and reductions with their result types.
func.func @parallel(%A: memref<100x100xf32>, %n: index, %m: index) -> (f32, i32) {
  affine.parallel (%i, %j) = (0, 0) to (10, 20) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
  }
  affine.parallel (%i) = (max(%n, %m + 1)) to (min(100, symbol(%n) * 2, %m)) step (4) {
  }
  affine.parallel (%i, %j) = (%n, 2) to (%m + %n, 3 * symbol(%m)) step (2, 1) {
    affine.parallel (%k) = (%i) to (%j + 4) {
      %z = affine.load %A[%i, %k] : memref<100x100xf32>
    } {tag}
  }
  affine.parallel () = () to () {
  }
  %r:2 = affine.parallel (%i) = (0) to (%n) reduce ("addf", "addi") -> (f32, i32) {
    %x = affine.load %A[%i, %i] : memref<100x100xf32>
    %c = arith.constant 1 : i32
    affine.yield %x, %c : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}
