// Upstream's test.constant is a constant of any attribute and type: the
// driver treats it as known (duplicates become one, placed first in the
// function) while folds that need an arith constant leave it alone.

func.func @unsigned_operands_stay(%flag: i1) -> (ui8, ui8) {
  %lo = "test.constant"() {value = 2 : i8} : () -> ui8
  %hi = "test.constant"() {value = 9 : i8} : () -> ui8
  %again = "test.constant"() {value = 2 : i8} : () -> ui8
  %pick = arith.select %flag, %hi, %lo : ui8
  return %pick, %again : ui8, ui8
}

func.func @later_constant_moves_up(%x: i32) -> (i32, f16) {
  %y = arith.addi %x, %x : i32
  %h = "test.constant"() {value = 1.5 : f16} : () -> f16
  return %y, %h : i32, f16
}
