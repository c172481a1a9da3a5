// affine canonicalization beyond the basics: chains of applies with
// floordiv, mod and ceildiv decided by loop steps and ranges, unused and
// repeated operands, loop bounds built from applies and constants with
// repeated results, sets composed with their operands (constants folded
// in), branches of a false condition inlined, min/max with repeated
// results, merged producers, partially constant results and sorted
// results.
func.func private @use1(index)
func.func private @use2(index, index)
func.func private @yes()

func.func @chains(%n: index, %m: index, %A: memref<64x64xf32>) {
  affine.for %i = 0 to 64 step 4 {
    %a = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 mod 8)>(%a)
    %c = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv 2 + s0)>(%b)[%n]
    %d = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
    %e = affine.apply affine_map<(d0, d1) -> (d0 * 3 - d1)>(%c, %d)
    %v = affine.load %A[%e, %a] : memref<64x64xf32>
    affine.store %v, %A[%i, %i] : memref<64x64xf32>
    affine.for %j = 0 to 4 {
      %f = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %j)
      %g = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%f)
      %h = affine.apply affine_map<(d0) -> (d0 mod 4)>(%f)
      affine.store %v, %A[%g, %h] : memref<64x64xf32>
    }
  }
  return
}

func.func @unused_and_repeated(%i: index, %j: index, %A: memref<8x8xf32>) -> (index, index) {
  %a = affine.apply affine_map<(d0, d1) -> (d0)>(%i, %j)
  %b = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>(%i, %i)[%j]
  affine.for %k = 0 to 8 {
    %v = affine.load %A[%k, %k] : memref<8x8xf32>
    %w = affine.load %A[%k + %k, 0] : memref<8x8xf32>
    affine.store %w, %A[%k * 0 + 1, 7 - %k] : memref<8x8xf32>
  }
  return %a, %b : index, index
}

func.func @bounds(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %t = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  affine.for %i = %c0 to min affine_map<(d0)[s0] -> (d0, s0, d0)>(%c16)[%t] {
    affine.for %j = max affine_map<(d0, d1) -> (d0, d1)>(%i, %i) to affine_map<(d0) -> (d0 + 8)>(%i) {
      func.call @use2(%i, %j) : (index, index) -> ()
    }
  }
  affine.for %i = affine_map<(d0) -> (d0 * 2)>(%c16) to affine_map<()[s0] -> (s0 + 40)>()[%c16] step 3 {
    func.call @use1(%i) : (index) -> ()
  }
  return
}

func.func @sets(%n: index, %A: memref<8xf32>, %f: f32) -> f32 {
  %c10 = arith.constant 10 : index
  affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%c10) {
    func.call @yes() : () -> ()
  }
  affine.for %i = 0 to 8 {
    %k = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
    affine.if affine_set<(d0, d1) : (d0 - d1 == 0, d1 >= 0)>(%k, %k) {
      affine.store %f, %A[%i] : memref<8xf32>
    }
  }
  %r = affine.if affine_set<() : (1 == 0)>() -> f32 {
    affine.yield %f : f32
  } else {
    %g = arith.addf %f, %f : f32
    affine.yield %g : f32
  }
  return %r : f32
}

func.func @minmax_more(%n: index, %m: index) -> (index, index, index) {
  %a = affine.min affine_map<(d0)[s0] -> (d0, s0, d0)>(%n)[%m]
  %b = affine.max affine_map<(d0) -> (d0 + 1, d0 + 1)>(%n)
  %t = affine.apply affine_map<(d0) -> (d0 * 4)>(%m)
  %c = affine.min affine_map<(d0, d1) -> (d0 + 1, d1)>(%t, %n)
  return %a, %b, %c : index, index, index
}

func.func @merge(%a: index, %b: index, %c: index) -> (index, index, index) {
  %0 = affine.min affine_map<()[s0] -> (s0 + 16, s0 * 8)>()[%a]
  %1 = affine.min affine_map<(d0)[s0] -> (s0 + 4, d0)>(%0)[%b]
  %2 = affine.max affine_map<(d0, d1) -> (d0 + d1, d1 + 16, 32)>(%a, %b)
  %3 = affine.max affine_map<(d0)[s0] -> (d0, s0 - 2)>(%2)[%c]
  %4 = affine.min affine_map<(d0, d1) -> (d0 floordiv 2, d1)>(%a, %b)
  return %1, %3, %4 : index, index, index
}

func.func @partial(%a: index) -> (index, index) {
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to 10 {
    %0 = affine.min affine_map<(d0, d1) -> (d0 * 2, d1 + 1)>(%c4, %i)
    func.call @use1(%0) : (index) -> ()
  }
  %1 = affine.max affine_map<(d0)[s0] -> (s0)>(%a)[%a]
  return %1, %1 : index, index
}
