// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// A location written as an attribute (`#dialect.mnemonic<...>` or an
// alias) must be a location: where one location is expected, in mlir-opt's
// words and at its places.

#number = 5 : i8
// A whole location that is an alias points at the alias.
// expected-error @+1 {{expected location, but found '5 : i8'}}
"t.a"() : () -> () loc(#number)

// -----

#number = 5 : i8
// Inside another location the alias is read as any attribute: the error
// comes after it.
// expected-error @+1 {{expected location attribute, but got5 : i8}}
"t.a"() : () -> () loc(fused["f.mlir":1:1, #number])

// -----

// A dialect attribute that is no location.
// expected-error @+1 {{expected location attribute, but got#test.attr_with_self_type_param}}
"t.a"() : () -> () loc(callsite("x" at #test.attr_with_self_type_param))

// -----

// The test dialect's location keeps its own syntax.
// expected-error @+1 {{expected '*'}}
"t.a"() : () -> () loc(#test.custom_location<"f.mlir" 3>)

// -----

#word = "w"
func.func @attr_with_loc() {
  // The custom form's location is checked as an op's is.
  // expected-error @+1 {{expected location, but found '"w"'}}
  test.attr_with_loc("v" loc(#word))
  return
}
