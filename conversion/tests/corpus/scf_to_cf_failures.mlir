// ARGS: --convert-scf-to-cf --split-input-file --allow-unregistered-dialect
// scf.forall with shared outputs has no lowering to cf: the partial
// conversion fails at it (the op is explicitly illegal), and the whole
// chunk is left as it was. Chunks without one lower as usual.

func.func @alone(%t: tensor<16xf32>) -> tensor<16xf32> {
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> tensor<16xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<16xf32>
}

// -----

func.func @after_a_loop(%n: index, %t: tensor<4x4xi8>) -> tensor<4x4xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    "test.body"(%k) : (index) -> ()
  }
  %r = scf.forall (%i, %j) = (0, 0) to (4, 4) step (2, 2) shared_outs(%o = %t) -> tensor<4x4xi8> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<4x4xi8>
}

// -----

func.func @lowers(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @inside_while(%t: tensor<2xf64>, %flag: i1) {
  scf.while (%a = %flag) : (i1) -> () {
    scf.condition(%a)
  } do {
    %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> tensor<2xf64> {
      scf.forall.in_parallel {
      }
    }
    "test.use"(%r) : (tensor<2xf64>) -> ()
    scf.yield %flag : i1
  }
  return
}
