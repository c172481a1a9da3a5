// RUN: ods-opt %s --verify-diagnostics --split-input-file
// ub ops used wrongly: the terminator trait of ub.unreachable, result and
// operand counts, an attribute that is not a poison attribute, and parse
// errors of the declarative forms, each where mlir-opt places it; a
// wrong-kind property written `<{...}>` is a parse error.

func.func @unreachable_not_last() {
  // expected-error @+1 {{'ub.unreachable' op must be the last operation in the parent block}}
  ub.unreachable
  return
}

// -----

func.func @poison_wrong_attribute() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = ub.poison <1 : i32> : i32
  return
}

// -----

func.func @poison_missing_type() {
  // expected-error @+1 {{expected ':'}}
  %0 = ub.poison
  return
}

// -----

func.func @poison_unclosed() {
  // expected-error @+1 {{expected '>'}}
  %0 = ub.poison <#ub.poison : i32
  return
}

// -----

func.func @poison_no_result() {
  // expected-error @+1 {{'ub.poison' op requires one result}}
  "ub.poison"() : () -> ()
  return
}

// -----

func.func @unreachable_with_operand(%a: i32) {
  // expected-error @+1 {{'ub.unreachable' op requires zero operands}}
  "ub.unreachable"(%a) : (i32) -> ()
}

// -----

func.func @unreachable_with_result() {
  // expected-error @+1 {{'ub.unreachable' op requires zero results}}
  %0 = "ub.unreachable"() : () -> i32
}

// -----

func.func @poison_unknown_attribute() {
  // expected-error @+1 {{expected attribute value}}
  %0 = ub.poison <> : i32
  return
}

// -----

// A property of the wrong kind is a parse error at the op, as the generic
// parser converts `<{...}>` into the op's properties.
func.func @poison_property_of_the_wrong_kind() {
  // expected-error @+1 {{invalid properties {value} for op ub.poison: Invalid attribute `value` in property conversion: unit}}
  %0 = "ub.poison"() <{value = unit}> : () -> i32
  return
}
