// Every arith op in its custom form, with the optional parts both present
// and absent (fastmath, overflow flags, exact, rounding modes), scalar and
// vector operands, and constants whose result names mlir-opt chooses.
func.func @integer(%a: i32, %b: i32, %v: vector<4xi32>, %w: vector<4xi32>, %i: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b overflow<nuw> : i32
  %3 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %4 = arith.muli %v, %w : vector<4xi32>
  %5 = arith.divui %a, %b : i32
  %6 = arith.divsi %a, %b exact : i32
  %7 = arith.ceildivui %a, %b : i32
  %8 = arith.ceildivsi %a, %b : i32
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.remui %a, %b : i32
  %11 = arith.remsi %a, %b : i32
  %12 = arith.andi %a, %b : i32
  %13 = arith.ori %a, %b : i32
  %14 = arith.xori %a, %b : i32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  %16 = arith.shrui %a, %b exact : i32
  %17 = arith.shrsi %a, %b : i32
  %18 = arith.maxsi %a, %b : i32
  %19 = arith.maxui %a, %b : i32
  %20 = arith.minsi %a, %b : i32
  %21 = arith.minui %a, %b : i32
  %22:2 = arith.addui_extended %a, %b : i32, i1
  %23:2 = arith.mulsi_extended %a, %b : i32
  %24:2 = arith.mului_extended %v, %w : vector<4xi32>
  %25 = arith.cmpi slt, %a, %b : i32
  %26 = arith.cmpi uge, %v, %w : vector<4xi32>
  %27 = arith.select %25, %a, %b : i32
  %28 = arith.select %26, %v, %w : vector<4xi1>, vector<4xi32>
  %29 = arith.extui %a : i32 to i64
  %30 = arith.extsi %a : i32 to i64
  %31 = arith.trunci %30 : i64 to i16
  %32 = arith.trunci %30 overflow<nsw> : i64 to i8
  %33 = arith.index_cast %i : index to i32
  %34 = arith.index_castui %a : i32 to index
  %35 = arith.bitcast %a : i32 to f32
  %36 = arith.uitofp %a : i32 to f32
  %37 = arith.sitofp %a : i32 to f64
  return %0 : i32
}

func.func @float(%x: f32, %y: f32, %h: f16, %v: vector<2xf32>, %s: f8E8M0FNU) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  %2 = arith.subf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.mulf %v, %v : vector<2xf32>
  %4 = arith.divf %x, %y fastmath<none> : f32
  %5 = arith.remf %x, %y : f32
  %6 = arith.negf %x fastmath<reassoc> : f32
  %7 = arith.maximumf %x, %y : f32
  %8 = arith.maxnumf %x, %y fastmath<nsz> : f32
  %9 = arith.minimumf %x, %y : f32
  %10 = arith.minnumf %x, %y : f32
  %11 = arith.cmpf ogt, %x, %y : f32
  %12 = arith.cmpf uno, %x, %y fastmath<fast> : f32
  %13 = arith.extf %h : f16 to f32
  %14 = arith.extf %h fastmath<contract> : f16 to f64
  %15 = arith.truncf %x : f32 to f16
  %16 = arith.truncf %x to_nearest_even : f32 to f16
  %17 = arith.truncf %x toward_zero fastmath<afn> : f32 to f16
  %18 = arith.fptoui %x : f32 to i32
  %19 = arith.fptosi %x : f32 to i64
  %20 = arith.scaling_extf %h, %s : f16, f8E8M0FNU to f32
  %21 = arith.scaling_truncf %x, %s downward : f32, f8E8M0FNU to f16
  return %0 : f32
}

func.func @constants() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 0 : index
  %2 = arith.constant 42 : i32
  %3 = arith.constant -1 : i8
  %4 = arith.constant 255 : i8
  %5 = arith.constant true
  %6 = arith.constant false
  %7 = arith.constant 1.5 : f32
  %8 = arith.constant dense<[1, 2]> : vector<2xi32>
  %9 = arith.constant {tag = "x"} 7 : i64
  %10 = arith.constant 0 : index
  "t.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (index, index, i32, i8, i8, i1, i1, f32, vector<2xi32>, i64, index) -> ()
  return
}
