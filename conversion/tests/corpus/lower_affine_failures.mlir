// ARGS: --lower-affine --split-input-file
// Maps lower-affine cannot expand: a mod, floordiv or ceildiv by a
// constant that is not positive. The error is upstream's, at the op;
// every result of the map is tried, so each bad one reports.

func.func @mod_by_negative(%x: index) -> index {
  %r = affine.apply affine_map<(d0) -> (d0 mod -3)>(%x)
  return %r : index
}

// -----

func.func @floordiv_and_ceildiv_by_negative(%x: index) -> (index, index) {
  %r:2 = affine.delinearize_index %x into (4, 4) : index, index
  %m = affine.min affine_map<(d0) -> (d0 floordiv -2, d0 ceildiv -5, d0)>(%x)
  return %m, %r#0 : index, index
}

// -----

func.func @in_a_subscript(%a: memref<8xf32>, %i: index) -> f32 {
  %v = affine.load %a[%i mod -4] : memref<8xf32>
  return %v : f32
}

// -----

// The constant operand is folded into the map before the pattern runs
// (an in-place fold that drops an operand); the failed expansion undoes
// the fold too.
func.func @after_an_in_place_fold(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %r = affine.apply affine_map<(d0, d1) -> (d0 mod -2 + d1 * 5)>(%x, %c3)
  return %r : index
}
