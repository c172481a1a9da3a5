// ARGS: --cse --allow-unregistered-dialect
// CSE over other dialects' ops: default-valued properties written or not,
// pure ops without operands, allocations (never merged), unregistered ops
// (unknown effects), ops with a pure region, constants of func, ub, index.
func.func private @g()
func.func @f(%a: i32, %b: i32, %i: index) -> (i32, i32, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32>, i32, i32, i32, i32, () -> (), () -> (), i32, i32, index, index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<none> : i32
  %t0 = tensor.empty() : tensor<4xf32>
  %t1 = tensor.empty() : tensor<4xf32>
  %m0 = memref.alloca() : memref<4xf32>
  %m1 = memref.alloca() : memref<4xf32>
  %u0 = "t.op"(%a) : (i32) -> i32
  %u1 = "t.op"(%a) : (i32) -> i32
  %e0 = scf.execute_region -> i32 {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  %e1 = scf.execute_region -> i32 {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  %f0 = func.constant @g : () -> ()
  %f1 = func.constant @g : () -> ()
  %p0 = ub.poison : i32
  %p1 = ub.poison : i32
  %c0 = index.constant 3
  %c1 = index.constant 3
  return %0, %1, %t0, %t1, %m0, %m1, %u0, %u1, %e0, %e1, %f0, %f1, %p0, %p1, %c0, %c1 : i32, i32, tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32>, i32, i32, i32, i32, () -> (), () -> (), i32, i32, index, index
}
