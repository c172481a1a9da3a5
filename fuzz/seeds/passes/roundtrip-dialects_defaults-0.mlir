func.func @ints(%a: i32, %b: i64, %v: vector<2xi16>) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.subi"(%0, %a) <{}> : (i32, i32) -> i32
  %2 = "arith.muli"(%1, %a) {overflowFlags = #arith.overflow<nsw>} : (i32, i32) -> i32
  %3 = "arith.shli"(%2, %a) <{overflowFlags = #arith.overflow<nuw>}> {t.keep} : (i32, i32) -> i32
  %4 = "arith.trunci"(%b) : (i64) -> i32
  %5 = "arith.addi"(%v, %v) {t.note = "x"} : (vector<2xi16>, vector<2xi16>) -> vector<2xi16>
  %6 = "arith.cmpi"(%3, %4) <{predicate = 0 : i64}> : (i32, i32) -> i1
  %7 = "arith.select"(%6, %3, %4) : (i1, i32, i32) -> i32
  "func.return"(%7) : (i32) -> ()
}
func.func @floats(%x: f32, %t: tensor<4xf64>) -> f32 {
  %0 = "arith.addf"(%x, %x) : (f32, f32) -> f32
  %1 = "arith.subf"(%0, %x) <{}> : (f32, f32) -> f32
  %2 = "arith.mulf"(%1, %x) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %3 = "arith.divf"(%2, %x) {fastmath = #arith.fastmath<nnan,contract>} : (f32, f32) -> f32
  %4 = "arith.remf"(%3, %x) : (f32, f32) -> f32
  %5 = "arith.maximumf"(%4, %x) : (f32, f32) -> f32
  %6 = "arith.minnumf"(%5, %x) : (f32, f32) -> f32
  %7 = "arith.negf"(%6) : (f32) -> f32
  %8 = "arith.negf"(%t) : (tensor<4xf64>) -> tensor<4xf64>
  %9 = "arith.cmpf"(%7, %x) <{predicate = 1 : i64}> : (f32, f32) -> i1
  "cf.cond_br"(%9)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %10 = "arith.truncf"(%7) : (f32) -> f16
  %11 = "arith.extf"(%10) : (f16) -> f32
  "func.return"(%11) : (f32) -> ()
^bb2:
  "func.return"(%x) : (f32) -> ()
}
