func.func @for(%lb: index, %ub: index, %s: index, %m: memref<4xf32>, %x: i32, %y: i32, %c: i1) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> i32 {
    %a = arith.addi %x, %y : i32
    %b = arith.muli %a, %acc : i32
    %d = arith.divsi %x, %y : i32
    %c7 = arith.constant 7 : i32
    %d7 = arith.divui %x, %c7 : i32
    %l = memref.load %m[%lb] : memref<4xf32>
    %e = arith.muli %a, %a : i32
    %z = scf.if %c -> i32 {
      %q = arith.addi %x, %c7 : i32
      scf.yield %q : i32
    } else {
      scf.yield %x : i32
    }
    %u = scf.if %c -> i32 {
      %q = arith.addi %x, %acc : i32
      scf.yield %q : i32
    } else {
      scf.yield %x : i32
    }
    %iv = arith.index_cast %i : index to i32
    %w = arith.addi %b, %d : i32
    %w2 = arith.addi %w, %e : i32
    %w3 = arith.addi %w2, %z : i32
    %lf = arith.fptosi %l : f32 to i32
    %w4 = arith.addi %w3, %lf : i32
    %w5 = arith.addi %w4, %iv : i32
    %w6 = arith.addi %w5, %u : i32
    %w7 = arith.addi %w6, %d7 : i32
    memref.store %l, %m[%lb] : memref<4xf32>
    scf.yield %w7 : i32
  }
  return %r : i32
}

func.func @nested(%n: index, %x: f32, %t: tensor<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> f32 {
      %sq = arith.mulf %x, %x : f32
      %e = tensor.extract %t[%c0] : tensor<8xf32>
      %ij = arith.addi %i, %c1 : index
      %ei = tensor.extract %t[%ij] : tensor<8xf32>
      %s1 = arith.addf %b, %sq : f32
      %s2 = arith.addf %s1, %e : f32
      %s3 = arith.addf %s2, %ei : f32
      scf.yield %s3 : f32
    }
    %inv = scf.for %k = %c0 to %n step %c1 iter_args(%z = %x) -> f32 {
      %p = arith.mulf %z, %x : f32
      scf.yield %p : f32
    }
    %var = scf.for %k = %c0 to %n step %n iter_args(%z = %x) -> f32 {
      %p = arith.mulf %z, %x : f32
      scf.yield %p : f32
    }
    %s4 = arith.addf %r2, %inv : f32
    %s5 = arith.addf %s4, %var : f32
    scf.yield %s5 : f32
  }
  return %r : f32
}

func.func @while(%x: i32, %y: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %lim = arith.muli %y, %y : i32
    %cond = arith.cmpi slt, %a, %lim : i32
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%b: i32):
    %inc = arith.addi %x, %y : i32
    %next = arith.addi %b, %inc : i32
    scf.yield %next : i32
  }
  return %r : i32
}

func.func @parallel(%n: index, %m: memref<?xf32>, %x: f32, %t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %sq = arith.mulf %x, %x : f32
    %n2 = arith.muli %n, %n : index
    %j = arith.addi %i, %n2 : index
    memref.store %sq, %m[%j] : memref<?xf32>
    scf.reduce
  }
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<?xf32>) {
    %cube = arith.mulf %x, %x : f32
    %k = arith.addi %n, %n : index
    %sl = tensor.extract_slice %o[%i] [1] [1] : tensor<?xf32> to tensor<1xf32>
    %f = tensor.insert %cube into %sl[%c0] : tensor<1xf32>
    %g = tensor.insert %cube into %sl[%k] : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  return %r : tensor<?xf32>
}
