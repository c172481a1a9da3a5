// ARGS: --convert-to-llvm
// func, memref, math, arith and cf lowered in one pass: an allocation,
// loads and stores in a loop of branches, math on the loaded values, a
// global, a copy and a dealloc; memref.dim by an arith.constant the
// same pass lowers.

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @norm(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %len = memref.dim %m, %c0 : memref<?xf32>
  %end = arith.minsi %len, %n : index
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %end : index
  cf.cond_br %more, ^body, ^exit
^body:
  %x = memref.load %m[%i] : memref<?xf32>
  %sq = math.powf %x, %x fastmath<fast> : f32
  %a = math.absf %sq : f32
  %next = arith.addf %acc, %a : f32
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %next : index, f32)
^exit:
  %r = math.sqrt %acc : f32
  %l = math.log1p %r : f32
  return %l : f32
}

func.func @scratch(%n: index) -> f32 {
  %t = memref.get_global @table : memref<4xf32>
  %buf = memref.alloc(%n) : memref<?xf32>
  %s = memref.alloca() : memref<4xf32>
  memref.copy %t, %s : memref<4xf32> to memref<4xf32>
  %c2 = arith.constant 2 : index
  %v = memref.load %s[%c2] : memref<4xf32>
  %e = math.exp %v : f32
  %ok = math.isfinite %e : f32
  %c0 = arith.constant 0 : index
  memref.store %e, %buf[%c0] : memref<?xf32>
  %r = func.call @norm(%buf, %n) : (memref<?xf32>, index) -> f32
  memref.dealloc %buf : memref<?xf32>
  %f = arith.select %ok, %r, %v : f32
  return %f : f32
}
