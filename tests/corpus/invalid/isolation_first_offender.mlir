// Two ops of an isolated function use a value defined outside it: the
// first in the body is reported (the body's ops are checked in order).
%0 = "x.def"() : () -> i32
func.func @f() {
  %1 = "x.use"(%0) : (i32) -> i32
  %2 = "x.use"(%0) : (i32) -> i32
  return
}
