// ARGS: --convert-arith-to-llvm
// Each arith op becomes its LLVM instruction or intrinsic, with the
// overflow and fast-math flags converted; index operands are cast to i64.

func.func @scalars(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %c: i1) -> i32 {
  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.andi %a, %b : i32
  %7 = arith.shli %a, %b : i32
  %8 = arith.addf %x, %y fastmath<fast> : f32
  %9 = arith.mulf %x, %y : f32
  %10 = arith.negf %x : f32
  %11 = arith.cmpi slt, %a, %b : i32
  %12 = arith.cmpf olt, %x, %y : f32
  %13 = arith.select %c, %a, %b : i32
  %14 = arith.index_cast %i : index to i32
  %15 = arith.index_cast %a : i32 to index
  %16 = arith.extsi %a : i32 to i64
  %17 = arith.trunci %a : i32 to i8
  %18 = arith.sitofp %a : i32 to f32
  %19 = arith.fptosi %x : f32 to i32
  %20 = arith.extf %x : f32 to f64
  %21 = arith.constant 42 : i32
  %22 = arith.constant 1.5 : f32
  %23 = arith.constant 3 : index
  %24 = arith.constant dense<[1, 2]> : vector<2xi32>
  %25 = arith.addi %i, %23 : index
  %26 = arith.maxsi %a, %b : i32
  %27 = arith.maximumf %x, %y : f32
  %28 = arith.bitcast %x : f32 to i32
  %29 = arith.remf %x, %y : f32
  %30 = arith.index_castui %i : index to i64
  %31 = arith.ceildivsi %a, %b : i32
  return %0 : i32
}

func.func @vectors_and_more(%x: f32, %d: f64, %a: i32, %b: i32, %v: vector<4xf32>, %w: vector<2x3xi32>, %h: f8E4M3FN, %c: i1) {
  %0 = arith.extf %x fastmath<fast> : f32 to f64
  %1 = arith.truncf %d : f64 to f32
  %2 = arith.truncf %d to_nearest_even : f64 to f32
  %3 = arith.addf %v, %v : vector<4xf32>
  %4 = arith.addi %w, %w : vector<2x3xi32>
  %5 = arith.addf %h, %h : f8E4M3FN
  %6 = arith.uitofp %a : i32 to f32
  %7 = arith.select %c, %v, %v : vector<4xf32>
  %8:2 = arith.addui_extended %a, %b : i32, i1
  %9:2 = arith.mulsi_extended %a, %b : i32
  %10 = arith.floordivsi %a, %b : i32
  %11 = arith.cmpf oeq, %x, %x fastmath<nnan> : f32
  %12 = arith.extui %c : i1 to i32 
  %13 = arith.addi %a, %b {foo = 1 : i32} : i32
  %14 = arith.constant 5 : i8
  %15 = arith.constant dense<1.0> : vector<2x2xf32>
  %16 = arith.bitcast %a : i32 to i32
  %17 = arith.divf %x, %x fastmath<nnan,ninf> : f32
  return
}

func.func @rounding_divisions(%a: i32, %b: i32, %i: index, %j: index) -> (i32, index) {
  %0 = arith.ceildivui %a, %b : i32
  %1 = arith.floordivsi %i, %j : index
  return %0, %1 : i32, index
}
