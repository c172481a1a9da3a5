// ARGS: --lower-affine --allow-unregistered-dialect
// affine.delinearize_index and affine.linearize_index expanded as
// upstream's AffineExpandIndexOps: strides from the basis (static
// entries multiplied into constants, dynamic ones into muli chains), the
// linearized sum ordered by how many enclosing loops each term is
// invariant in.

func.func @delinearize_static(%x: index) -> (index, index, index) {
  %r:3 = affine.delinearize_index %x into (4, 8, 16) : index, index, index
  return %r#0, %r#1, %r#2 : index, index, index
}

func.func @delinearize_no_outer_bound(%x: index) -> (index, index) {
  %r:2 = affine.delinearize_index %x into (8) : index, index
  return %r#0, %r#1 : index, index
}

func.func @delinearize_dynamic(%x: index, %a: index, %b: index) -> (index, index, index, index) {
  %r:4 = affine.delinearize_index %x into (%a, 3, %b, 5) : index, index, index, index
  return %r#0, %r#1, %r#2, %r#3 : index, index, index, index
}

func.func @delinearize_one_result(%x: index, %a: index) -> index {
  %r = affine.delinearize_index %x into (%a) : index
  return %r : index
}

func.func @linearize_static(%i: index, %j: index, %k: index) -> index {
  %r = affine.linearize_index [%i, %j, %k] by (2, 6, 10) : index
  return %r : index
}

func.func @linearize_dynamic(%i: index, %j: index, %k: index, %a: index, %b: index) -> (index, index) {
  %r = affine.linearize_index [%i, %j, %k] by (%a, 4, %b) : index
  %d = affine.linearize_index disjoint [%i, %j, %k] by (%b, 4) : index
  return %r, %d : index, index
}

func.func @linearize_single(%i: index) -> index {
  %r = affine.linearize_index [%i] by (7) : index
  return %r : index
}

func.func @linearize_in_loops(%n: index, %m: index, %outer: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %r = affine.linearize_index [%j, %i, %outer] by (%m, %n, 9) : index
      "test.use"(%r) : (index) -> ()
      %s = affine.linearize_index disjoint [%outer, %j, %i] by (5, %m, %n) : index
      "test.use"(%s) : (index) -> ()
    }
  }
  return
}

func.func @round_trip_in_parallel(%n: index) {
  affine.parallel (%i, %j) = (0, 0) to (4, 6) {
    %l = affine.linearize_index disjoint [%i, %j] by (4, 6) : index
    %d:2 = affine.delinearize_index %l into (4, 6) : index, index
    "test.use"(%d#0, %d#1) : (index, index) -> ()
  }
  return
}
