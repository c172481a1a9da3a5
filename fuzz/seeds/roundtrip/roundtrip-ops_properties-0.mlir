"t.props"() <{a = 1 : i32}> : () -> ()
"t.props_and_attrs"() <{p = "prop", q = [1, 2]}> {d = "discardable"} : () -> ()
"t.props_empty"() <{}> : () -> ()
%0 = "t.props_result"() <{value = 5 : i64}> : () -> i64
"t.props_region"(%0) <{k = #t.kind<x>}> ({
  "t.inner"() <{n = 0}> : () -> ()
}) {extra} : (i64) -> ()
"t.props_not_a_dict"() <[1, "x"]> : () -> ()
"t.props_scalar"() <7 : i32> {a} : () -> ()
