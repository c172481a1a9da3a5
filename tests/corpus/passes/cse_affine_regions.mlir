// ARGS: --cse
// Common subexpressions across affine.for and affine.if regions: a value
// computed before a loop replaces the same one in its body and in both
// branches of an if; values in sibling regions stay apart.
#inside = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
func.func @across(%n: index, %a: f32, %m: memref<?xf32>) -> f32 {
  %c = arith.mulf %a, %a : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %a) -> (f32) {
    %d = arith.mulf %a, %a : f32
    %s = affine.if #inside(%i)[%n] -> f32 {
      %e = arith.mulf %a, %a : f32
      %v = affine.load %m[%i] : memref<?xf32>
      %t = arith.addf %e, %v : f32
      affine.yield %t : f32
    } else {
      %f = arith.mulf %a, %a : f32
      affine.yield %f : f32
    }
    %u = arith.addf %acc, %d : f32
    %w = arith.addf %u, %s : f32
    affine.yield %w : f32
  }
  %z = arith.addf %r, %c : f32
  return %z : f32
}

func.func @siblings(%a: f32, %m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %x = arith.negf %a : f32
    affine.store %x, %m[%i] : memref<4xf32>
  }
  affine.for %j = 0 to 4 {
    %y = arith.negf %a : f32
    affine.store %y, %m[%j] : memref<4xf32>
  }
  return
}
