// ARGS: --convert-to-llvm
// Unfolded func/arith/index/cf input through --convert-to-llvm: each
// op is folded before it is converted (its own fold, then its traits'
// folds), on the operands it had before their defining ops were
// converted.

func.func @f(%a: i32, %b: i64) -> (i32, i32, i32) {
  %c = arith.constant 3 : i32
  %0 = arith.addi %c, %a : i32
  %1 = arith.andi %a, %a : i32
  %e = arith.extsi %a : i32 to i64
  %t = arith.trunci %e : i64 to i32
  return %0, %1, %t : i32, i32, i32
}

func.func @chains(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c0, %a : i32
  %1 = arith.muli %c2, %0 : i32
  %2 = arith.addi %c2, %c2 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}

func.func @index_ops(%i: index, %j: index) -> (index, index, index, i1, index, i64) {
  %c0 = index.constant 0
  %c4 = index.constant 4
  %c6 = index.constant 6
  %0 = index.add %c4, %i
  %1 = index.mul %c4, %c6
  %2 = index.add %j, %c0
  %3 = index.cmp slt(%c4, %c6)
  %4 = index.floordivs %c6, %c4
  %k = arith.constant 7 : index
  %5 = arith.index_cast %k : index to i64
  return %0, %1, %2, %3, %4, %5 : index, index, index, i1, index, i64
}

func.func @arith_index(%i: index) -> (index, index, i64) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %0 = arith.addi %c8, %i : index
  %1 = arith.muli %i, %c0 : index
  %w = arith.index_cast %i : index to i64
  %n = arith.index_cast %w : i64 to index
  %2 = arith.index_cast %n : index to i64
  return %0, %1, %2 : index, index, i64
}

func.func @branches(%a: i32, %p: i1) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  cf.cond_br %true, ^bb1(%a : i32), ^bb2
^bb1(%v: i32):
  %s = arith.addi %c1, %v : i32
  cf.br ^bb2
^bb2:
  %x = arith.select %p, %a, %a : i32
  return %x : i32
}

func.func @casts_and_compares(%a: i32, %x: f32, %i: index, %p: i1) -> (i32, f32, i64, i1, f64, i32, i1, i32, index, i1) {
  %c = arith.constant 5 : i32
  %f = arith.constant 2.5 : f32
  %0 = arith.bitcast %f : f32 to i32
  %b = arith.bitcast %x : f32 to i32
  %1 = arith.bitcast %b : i32 to f32
  %k = arith.constant 9 : index
  %2 = arith.index_castui %k : index to i64
  %3 = arith.cmpf olt, %f, %f : f32
  %4 = arith.extf %f : f32 to f64
  %5 = arith.fptosi %f : f32 to i32
  %n = arith.xori %p, %p : i1
  %t = arith.constant true
  %6 = arith.xori %p, %t : i1
  %7 = arith.select %6, %a, %c : i32
  %8 = index.castu %a : i32 to index
  %m = index.sub %i, %i
  %9 = index.cmp eq(%i, %i)
  %10:2 = arith.addui_extended %a, %c : i32, i1
  return %7, %1, %2, %3, %4, %5, %n, %0, %m, %9 : i32, f32, i64, i1, f64, i32, i1, i32, index, i1
}
