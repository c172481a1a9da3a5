// ARGS: --inline
// Nested symbol tables and regions: a module's own calls are inlined in
// it; calls in scf.execute_region are inlined there, a callee of several
// blocks too (its region may hold several).

module {
  module @m {
    func.func private @f(%x: i32) -> i32 {
      %0 = arith.addi %x, %x : i32
      return %0 : i32
    }
    func.func @g(%x: i32) -> i32 {
      %0 = call @f(%x) : (i32) -> i32
      return %0 : i32
    }
  }
  func.func private @h(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32
    return %0 : i32
  }
  func.func @k(%x: i32) -> i32 {
    %r = scf.execute_region -> i32 {
      %0 = func.call @h(%x) : (i32) -> i32
      scf.yield %0 : i32
    }
    %m = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      %1 = func.call @two(%x) : (i32) -> i32
      scf.yield %1 : i32
    }
    %s = arith.addi %r, %m : i32
    return %s : i32
  }
  func.func private @two(%x: i32) -> i32 {
    %c = arith.constant 0 : i32
    %p = arith.cmpi sgt, %x, %c : i32
    cf.cond_br %p, ^a, ^b
  ^a:
    return %x : i32
  ^b:
    return %c : i32
  }
}
