// ARGS: --convert-to-llvm=filter-dialects=memref,math
// Only the memref and math patterns: the functions, the arithmetic and
// the branches stay, with casts between the memref descriptors and the
// memrefs their ops still take.

func.func @scale(%m: memref<8xf32>, %i: index, %flag: i1) -> f32 {
  %x = memref.load %m[%i] : memref<8xf32>
  %y = math.fma %x, %x, %x fastmath<contract> : f32
  %z = math.rsqrt %y : f32
  cf.cond_br %flag, ^store, ^done(%z : f32)
^store:
  memref.store %z, %m[%i] : memref<8xf32>
  %w = math.expm1 %z : f32
  cf.br ^done(%w : f32)
^done(%r: f32):
  %c = arith.constant 2.0 : f32
  %s = arith.mulf %r, %c : f32
  return %s : f32
}

func.func @bits(%a: i32, %v: vector<2x4xf32>) -> (i32, vector<2x4xf32>) {
  %n = math.ctlz %a : i32
  %p = math.ctpop %n : i32
  %f = math.floor %v : vector<2x4xf32>
  return %p, %f : i32, vector<2x4xf32>
}
