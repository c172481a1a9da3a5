// ARGS: --inline --mlir-print-debuginfo
// Locations of inlined ops become callsite(callee at call); a callee
// location that is already a call site gets the call at the end of its
// chain; block arguments of nested regions are rewritten too; a call
// with an unknown location leaves the locations as they were.

func.func private @leaf(%x: index) -> index {
  %c1 = arith.constant 1 : index loc("leaf.c":3:5)
  %0 = arith.addi %x, %c1 : index loc(callsite("deep.c":1:1 at "leaf.c":4:5))
  %1 = arith.muli %0, %0 : index loc(fused["leaf.c":5:5, "other.c":1:2])
  %2 = index.add %1, %x loc("named"("leaf.c":6:5))
  return %2 : index loc("leaf.c":7:3)
}

func.func private @middle(%n: index, %t: tensor<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %d) -> index {
    %v = func.call @leaf(%acc) : (index) -> index
    scf.yield %v : index
  }
  %u = func.call @leaf(%s) : (index) -> index loc(unknown)
  return %s, %u : index, index
}

func.func @root(%n: index, %t: tensor<?xf32>) -> (index, index) {
  %0:2 = call @middle(%n, %t) : (index, tensor<?xf32>) -> (index, index) loc("root.c":10:3)
  return %0#0, %0#1 : index, index
}

func.func @complex_and_math(%a: complex<f32>, %x: f32) -> (complex<f32>, f32, f32) {
  %0 = call @cmul(%a) : (complex<f32>) -> complex<f32>
  %1:2 = call @sqrt_poison(%x) : (f32) -> (f32, f32)
  return %0, %1#0, %1#1 : complex<f32>, f32, f32
}

func.func private @cmul(%a: complex<f32>) -> complex<f32> {
  %0 = complex.mul %a, %a : complex<f32>
  return %0 : complex<f32>
}

func.func private @sqrt_poison(%x: f32) -> (f32, f32) {
  %p = ub.poison : f32
  %0 = math.sqrt %x : f32
  return %0, %p : f32, f32
}
