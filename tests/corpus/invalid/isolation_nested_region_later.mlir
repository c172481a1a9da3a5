// The region of an op inside an isolated function is checked after the
// rest of the function's body: the later use in the body is reported.
%0 = "x.def"() : () -> i32
func.func @f() {
  "x.region"() ({
    %1 = "x.inner"(%0) : (i32) -> i32
    "x.end"() : () -> ()
  }) : () -> ()
  %2 = "x.use"(%0) : (i32) -> i32
  return
}
