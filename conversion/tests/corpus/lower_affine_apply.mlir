// ARGS: --lower-affine --allow-unregistered-dialect
// affine.apply, affine.min and affine.max expanded into arith ops: sums,
// products (overflow<nsw>), mod, floordiv and ceildiv by constants and
// by symbols, nested expressions, identity and constant maps.

func.func @sums_and_products(%x: index, %y: index, %s: index) -> (index, index, index) {
  %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%x, %y)
  %b = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 4 - d1 * 3 + s0 * 2 - 9)>(%x, %y)[%s]
  %c = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%x)[%s]
  return %a, %b, %c : index, index, index
}

func.func @divisions_by_constants(%x: index) -> (index, index, index) {
  %m = affine.apply affine_map<(d0) -> (d0 mod 16)>(%x)
  %f = affine.apply affine_map<(d0) -> (d0 floordiv 5)>(%x)
  %c = affine.apply affine_map<(d0) -> (d0 ceildiv 12)>(%x)
  return %m, %f, %c : index, index, index
}

func.func @divisions_by_symbols(%x: index, %s: index) -> (index, index, index) {
  %m = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%x)[%s]
  %f = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%x)[%s]
  %c = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%x)[%s]
  return %m, %f, %c : index, index, index
}

func.func @nested_expressions(%x: index, %y: index, %s: index) -> index {
  %r = affine.apply affine_map<(d0, d1)[s0] -> ((d0 + d1 * 2) floordiv 4 + (d0 mod 3) * 5 - (d1 + s0) ceildiv 7)>(%x, %y)[%s]
  return %r : index
}

func.func @identity_and_constants(%x: index, %s: index) -> (index, index, index, index) {
  %id = affine.apply affine_map<(d0) -> (d0)>(%x)
  %sym = affine.apply affine_map<()[s0] -> (s0)>()[%s]
  %k = affine.apply affine_map<() -> (42)>()
  %neg = affine.apply affine_map<() -> (-8)>()
  return %id, %sym, %k, %neg : index, index, index, index
}

func.func @min_max(%x: index, %y: index, %s: index) -> (index, index, index) {
  %lo = affine.min affine_map<(d0, d1) -> (d0 - d1, d1 - d0, 10)>(%x, %y)
  %hi = affine.max affine_map<(d0)[s0] -> (d0 floordiv 2, s0, d0 * 3 + 1)>(%x)[%s]
  %one = affine.min affine_map<(d0) -> (d0 + 5)>(%x)
  return %lo, %hi, %one : index, index, index
}

func.func @apply_in_loop(%n: index, %buf: memref<?xindex>) {
  affine.for %i = 0 to %n {
    %j = affine.apply affine_map<(d0)[s0] -> ((d0 + s0) mod 8)>(%i)[%n]
    affine.store %j, %buf[%i] : memref<?xindex>
  }
  return
}
