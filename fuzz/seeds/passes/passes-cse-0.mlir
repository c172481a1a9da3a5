func.func @equal(%a: i32, %b: i32, %f: f32) -> (i32, i32, i32, i32, i32, i32, i1, i1, i1, f32, f32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.subi %a, %b : i32
  %4 = arith.subi %b, %a : i32
  %5 = arith.addi %a, %b {tag} : i32
  %6 = arith.cmpi slt, %a, %b : i32
  %7 = arith.cmpi slt, %a, %b : i32
  %8 = arith.cmpi sgt, %a, %b : i32
  %9 = arith.addf %f, %f fastmath<fast> : f32
  %10 = arith.addf %f, %f : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i32, i32, i32, i32, i1, i1, i1, f32, f32
}

func.func @chains(%a: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %c1_0 = arith.constant 1 : index
  %c1_i64 = arith.constant 1 : i64
  %x = arith.addi %a, %c1 : index
  %y = arith.addi %a, %c1_0 : index
  %x2 = arith.muli %x, %x : index
  %y2 = arith.muli %y, %y : index
  %unused = arith.muli %x2, %y2 : index
  %cast = arith.index_cast %c1_i64 : i64 to index
  %cast2 = arith.index_cast %c1_i64 : i64 to index
  %s = arith.addi %x2, %cast : index
  %t = arith.addi %y2, %cast2 : index
  return %s, %t : index, index
}

func.func @locations(%a: i32) -> (i32, i32, i32, i32) {
  %0 = arith.muli %a, %a : i32 loc(unknown)
  %1 = arith.muli %a, %a : i32 loc("here.mlir":3:4)
  %2 = arith.divui %a, %a : i32 loc("first.mlir":1:1)
  %3 = arith.divui %a, %a : i32 loc("second.mlir":2:2)
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @nested(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = scf.if %c -> i32 {
    %2 = arith.addi %a, %b : i32
    %3 = arith.muli %2, %a : i32
    scf.yield %3 : i32
  } else {
    %4 = arith.muli %a, %a : i32
    scf.yield %4 : i32
  }
  %5 = arith.muli %a, %a : i32
  %6 = scf.if %c -> i32 {
    %7 = arith.muli %a, %a : i32
    scf.yield %7 : i32
  } else {
    scf.yield %0 : i32
  }
  return %1, %5, %6 : i32, i32, i32
}

func.func @region_ops(%c: i1, %a: i32) -> (i32, i32, i32) {
  %0 = scf.if %c -> i32 {
    %1 = arith.addi %a, %a : i32
    %2 = arith.addi %a, %a : i32
    %3 = arith.muli %1, %2 : i32
    scf.yield %3 : i32
  } else {
    scf.yield %a : i32
  }
  %4 = scf.if %c -> i32 {
    %5 = arith.addi %a, %a : i32
    %6 = arith.muli %5, %5 : i32
    scf.yield %6 : i32
  } else {
    scf.yield %a : i32
  }
  %7 = scf.if %c -> i32 {
    %8 = arith.addi %a, %a : i32
    %9 = arith.muli %8, %a : i32
    scf.yield %9 : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %4, %7 : i32, i32, i32
}

func.func @reads(%m: memref<4xi32>, %i: index, %v: i32, %c: i1) -> (i32, i32, i32, i32, i32, i32) {
  %0 = memref.load %m[%i] : memref<4xi32>
  %1 = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  %2 = memref.load %m[%i] : memref<4xi32>
  %3 = memref.load %m[%i] : memref<4xi32>
  scf.if %c {
    memref.store %v, %m[%i] : memref<4xi32>
  }
  %4 = memref.load %m[%i] : memref<4xi32>
  %d = memref.dim %m, %i : memref<4xi32>
  %alloc = memref.alloc() : memref<4xi32>
  %5 = memref.load %m[%i] : memref<4xi32>
  %6 = scf.if %c -> i32 {
    %7 = memref.load %m[%i] : memref<4xi32>
    scf.yield %7 : i32
  } else {
    scf.yield %v : i32
  }
  return %0, %1, %2, %3, %5, %6 : i32, i32, i32, i32, i32, i32
}

func.func private @callee() -> i32
func.func @effects() -> (i32, i32, memref<2xf32>, memref<2xf32>) {
  %0 = func.call @callee() : () -> i32
  %1 = func.call @callee() : () -> i32
  %2 = memref.alloc() : memref<2xf32>
  %3 = memref.alloc() : memref<2xf32>
  %4 = memref.alloc() : memref<2xf32>
  return %0, %1, %2, %3 : i32, i32, memref<2xf32>, memref<2xf32>
}

func.func @blocks(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %a : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.muli %0, %a : i32
  cf.br ^bb3(%3 : i32)
^bb3(%4: i32):
  %5 = arith.muli %0, %a : i32
  %6 = arith.addi %4, %5 : i32
  return %6 : i32
^bb4:
  %7 = arith.addi %a, %a : i32
  %8 = arith.addi %a, %a : i32
  %9 = arith.addi %7, %8 : i32
  return %9 : i32
}

func.func @loops(%lb: index, %ub: index, %s: index, %x: f32) -> (f32, f32) {
  %0 = arith.mulf %x, %x : f32
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> f32 {
    %1 = arith.mulf %x, %x : f32
    %2 = arith.mulf %acc, %acc : f32
    %3 = arith.mulf %acc, %acc : f32
    %4 = arith.addf %1, %2 : f32
    %5 = arith.addf %4, %3 : f32
    scf.yield %5 : f32
  }
  %w:2 = scf.while (%a = %x, %b = %x) : (f32, f32) -> (f32, f32) {
    %6 = arith.cmpf olt, %a, %b : f32
    %7 = arith.cmpf olt, %a, %b : f32
    %8 = arith.andi %6, %7 : i1
    scf.condition(%8) %a, %b : f32, f32
  } do {
  ^bb0(%c: f32, %d: f32):
    %9 = arith.addf %c, %d : f32
    %10 = arith.addf %d, %c : f32
    scf.yield %9, %10 : f32, f32
  }
  return %r, %w#0 : f32, f32
}

func.func @other(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %c = arith.constant 7 : i32
  %1 = arith.addi %0, %c : i32
  return %1 : i32
}
module @inner {
  func.func @same(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %c = arith.constant 7 : i32
    %c_0 = arith.constant 7 : i32
    %1 = arith.addi %0, %c : i32
    %2 = arith.addi %1, %c_0 : i32
    return %2 : i32
  }
}

func.func @shapes(%t: tensor<?x4xf32>, %v: vector<4xf32>, %i: index) -> (index, index, vector<4xf32>, vector<4xf32>, index, index, f32, f32) {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %d1 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %s0 = math.sqrt %v : vector<4xf32>
  %s1 = math.sqrt %v : vector<4xf32>
  %m0 = index.mul %i, %d0
  %m1 = index.mul %d1, %i
  %e0 = tensor.extract %t[%c0, %c0] : tensor<?x4xf32>
  %e1 = tensor.extract %t[%c0, %c0] : tensor<?x4xf32>
  return %d0, %d1, %s0, %s1, %m0, %m1, %e0, %e1 : index, index, vector<4xf32>, vector<4xf32>, index, index, f32, f32
}

func.func @equal_regions(%c: i1, %a: i32, %m: memref<i32>) -> (i32, i32, i32, i32) {
  %0 = scf.if %c -> i32 {
    %1 = arith.addi %a, %a : i32
    %2 = arith.muli %1, %1 : i32
    scf.yield %2 : i32
  } else {
    scf.yield %a : i32
  }
  %3 = scf.if %c -> i32 {
    %4 = arith.addi %a, %a : i32
    %5 = arith.muli %4, %4 : i32
    scf.yield %5 : i32
  } else {
    scf.yield %a : i32
  }
  scf.if %c {
    memref.store %a, %m[] : memref<i32>
  }
  scf.if %c {
    memref.store %a, %m[] : memref<i32>
  }
  %6 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  %7 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  return %0, %3, %6, %7 : i32, i32, i32, i32
}

%top0 = arith.constant 5 : i64
%top1 = arith.constant 5 : i64
