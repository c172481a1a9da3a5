// ARGS: --inline --split-input-file
// Single-block callees: private ones with one call are moved in and
// erased, those with several calls cloned and erased once the last call
// is gone, public ones cloned and kept; declarations are not inlined;
// calls inside scf.if and scf.for bodies are inlined there.

func.func private @add_one(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}

func.func private @twice(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  %1 = call @add_one(%0) : (i32) -> i32
  return %1 : i32
}

func.func @public_square(%x: f32) -> f32 {
  %0 = arith.mulf %x, %x : f32
  return %0 : f32
}

func.func private @external(i32) -> i32

func.func @caller(%a: i32, %b: i32, %f: f32) -> (i32, i32, f32, i32) {
  %0 = call @twice(%a) : (i32) -> i32
  %1 = call @add_one(%b) : (i32) -> i32
  %2 = call @public_square(%f) : (f32) -> f32
  %3 = call @external(%1) : (i32) -> i32
  return %0, %1, %2, %3 : i32, i32, f32, i32
}

// -----

func.func private @select_max(%a: index, %b: index) -> index {
  %c = arith.cmpi sgt, %a, %b : index
  %r = arith.select %c, %a, %b : index
  return %r : index
}

func.func private @no_results(%m: memref<4xindex>, %i: index, %v: index) {
  memref.store %v, %m[%i] : memref<4xindex>
  return
}

func.func @nested(%cond: i1, %n: index, %m: memref<4xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %cond -> index {
    %x = func.call @select_max(%n, %c1) : (index, index) -> index
    scf.yield %x : index
  } else {
    scf.yield %c0 : index
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> index {
    %y = func.call @select_max(%acc, %i) : (index, index) -> index
    func.call @no_results(%m, %c0, %y) : (memref<4xindex>, index, index) -> ()
    scf.yield %y : index
  }
  return %s : index
}

// -----

// A call through func.constant and call_indirect: the canonicalizer run
// before inlining turns it into a direct call, which the next round
// inlines.
func.func private @negate(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %0 = arith.subi %c0, %x : i64
  return %0 : i64
}

func.func @indirect(%x: i64) -> i64 {
  %f = func.constant @negate : (i64) -> i64
  %0 = func.call_indirect %f(%x) : (i64) -> i64
  return %0 : i64
}

// Inlining @pick2 exposes a call_indirect of a constant: the next round
// makes it a direct call and inlines it.
func.func private @target2(%x: i8) -> i8 {
  %0 = arith.addi %x, %x : i8
  return %0 : i8
}

func.func private @pick2() -> ((i8) -> i8) {
  %f = func.constant @target2 : (i8) -> i8
  return %f : (i8) -> i8
}

func.func @through_pick2(%x: i8) -> i8 {
  %f = call @pick2() : () -> ((i8) -> i8)
  %0 = func.call_indirect %f(%x) : (i8) -> i8
  return %0 : i8
}
