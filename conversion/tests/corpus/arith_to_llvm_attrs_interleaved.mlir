// ARGS: --convert-arith-to-llvm
// Ops of one kind with different flags and discardable attributes,
// interleaved: each LLVM op gets its own op's (the patterns keep the
// dictionaries they built, by the op's; a mix-up would show here). The
// comparisons drop their discardable attributes, as upstream's do.

func.func @interleaved(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, f32, i1, i1) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %0, %b overflow<nsw> : i32
  %2 = arith.addi %1, %a {tag = "first"} : i32
  %3 = arith.addi %2, %b overflow<nsw, nuw> : i32
  %4 = arith.addi %3, %a overflow<nsw> {tag = "first"} : i32
  %5 = arith.addi %4, %b : i32
  %6 = arith.addi %5, %a {tag = "second"} : i32
  %7 = arith.addf %x, %y fastmath<fast> : f32
  %8 = arith.addf %7, %y : f32
  %9 = arith.addf %8, %x fastmath<nnan, ninf> : f32
  %10 = arith.addf %9, %y fastmath<fast> {tag = 1 : i32} : f32
  %11 = arith.addf %10, %x fastmath<fast> : f32
  %12 = arith.cmpi slt, %6, %a : i32
  %13 = arith.cmpi sgt, %6, %a : i32
  %14 = arith.cmpi slt, %6, %b {tag = "c"} : i32
  %15 = arith.cmpf olt, %11, %x fastmath<fast> : f32
  %16 = arith.cmpf olt, %11, %y : f32
  %17 = arith.cmpf ogt, %11, %y fastmath<fast> {tag = "d"} : f32
  %18 = arith.andi %12, %13 : i1
  %19 = arith.ori %14, %18 : i1
  %20 = arith.andi %15, %16 : i1
  %21 = arith.ori %17, %20 : i1
  return %6, %11, %19, %21 : i32, f32, i1, i1
}
