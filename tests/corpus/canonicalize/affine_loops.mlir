// affine canonicalization of divisions by constants composed through
// loop indices, loop bounds over memref.dim and applies, loops that run
// once and only pass a value through, and affine.if sets folded from
// constant operands (kept when not trivially true or false).
func.func private @use1(index)
func.func @divisions(%i: index, %n: index, %A: memref<100xf32>) {
  affine.for %k = 0 to 10 {
    %c = affine.apply affine_map<(d0) -> (d0 * 4 + 3)>(%k)
    %d = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%c)
    %e = affine.apply affine_map<(d0) -> (d0 mod 4)>(%c)
    %f = affine.apply affine_map<(d0) -> ((d0 + 7) ceildiv 8)>(%k)
    func.call @use1(%d) : (index) -> ()
    func.call @use1(%e) : (index) -> ()
    func.call @use1(%f) : (index) -> ()
  }
  return
}

func.func @loop_bounds(%n: index, %m: memref<?xf32>, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %dim = memref.dim %m, %c0 : memref<?xf32>
  %r = affine.for %i = 0 to %dim step 2 iter_args(%acc = %x) -> (f32) {
    %lo = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %s = affine.for %j = affine_map<(d0) -> (d0)>(%lo) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n] iter_args(%a2 = %acc) -> (f32) {
      %v = affine.load %m[%j] : memref<?xf32>
      %t = arith.addf %a2, %v : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  %q = affine.for %i = 0 to 1 iter_args(%a = %x) -> (f32) {
    affine.yield %x : f32
  }
  %z = arith.addf %r, %q : f32
  return %z : f32
}

func.func @if_results(%n: index, %x: f32, %y: f32) -> (f32, f32) {
  %c3 = arith.constant 3 : index
  %a = affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%c3)[%c3] -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %y : f32
  }
  %b = affine.if affine_set<(d0) : (d0 == 0)>(%n) -> f32 {
    affine.yield %x : f32
  } else {
    affine.yield %x : f32
  }
  return %a, %b : f32, f32
}
