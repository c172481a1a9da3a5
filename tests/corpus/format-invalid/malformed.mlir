// Malformed custom-form inputs for the testfmt dialect, one per chunk
// (split as --split-input-file splits a file). The twin must reject
// each; its messages are collected live by tests/tests/format_twin.rs,
// never written down here, and `ods-opt` must later print the same.

// A keyword literal that is not there.
func.func @f() {
  testfmt.keywords first third _under_score dotted.word
  return
}

// -----
// Punctuation missing between variables.
func.func @f(%a: i32, %b: i64) {
  testfmt.arrow<%a> [%b] ...
  return
}

// -----
// A keyword where punctuation is expected.
func.func @f() {
  testfmt.punctuation() [] {} <>, : = ? + - * to ...
  return
}

// -----
// An integer attribute that does not fit its buildable type.
func.func @f() {
  testfmt.int_attrs 4294967296, true, 3, 5 : si32, 7 : i16
  return
}

// -----
// An integer attribute without its type where the type is not buildable.
func.func @f() {
  testfmt.int_attrs 1, true, 3, 5, 7 : i16
  return
}

// -----
// A float attribute that is an integer with the wrong type.
func.func @f() {
  testfmt.float_attrs 1 : i32, 2.0
  return
}

// -----
// A string where a symbol name is expected.
func.func @f() {
  testfmt.text_attrs "sym" "hello" @callee
  return
}

// -----
// A type attribute that fails its constraint.
func.func @f() {
  testfmt.type_attrs f32, f32
  return
}

// -----
// A dense array attribute written as an array of strings.
func.func @f() {
  testfmt.collection_attrs [], [], ["a"], {}
  return
}

// -----
// An enum keyword that is not a case.
func.func @f() {
  testfmt.enum_attrs purple high "read", "alpha"
  return
}

// -----
// A bit-enum string naming a flag that does not exist.
func.func @f() {
  testfmt.enum_attrs red high "read|delete", "alpha"
  return
}

// -----
// A dialect enum attribute with an unknown case.
func.func @f() {
  testfmt.dialect_attrs triangle, #testfmt<shape square>, <read>, #testfmt.perms<read>
  return
}

// -----
// A stripped dialect attribute where the format wants it qualified.
func.func @f() {
  testfmt.dialect_attrs circle, square, <read>, #testfmt.perms<read>
  return
}

// -----
// An optional group's keyword without the attribute after it.
func.func @f() {
  testfmt.optional_attrs min color green
  return
}

// -----
// A unit-attribute group missing its second keyword.
func.func @f() {
  testfmt.unit_anchor unit exact
  return
}

// -----
// Neither branch of an else group.
func.func @f() {
  testfmt.else_group maybe, nothing
  return
}

// -----
// An oilist clause given twice.
func.func @f() {
  testfmt.oilist nowait nowait
  return
}

// -----
// An oilist clause with a bad value.
func.func @f() {
  testfmt.oilist lower = upper
  return
}

// -----
// Fewer types than operands.
func.func @f(%a: i32, %b: i64) {
  %v:2 = testfmt.variadic(%a, %b) : i32 -> f32, f64
  return
}

// -----
// A result count that does not match the types.
func.func @f(%a: i32) {
  %v = testfmt.variadic(%a) : i32 -> f32, f64
  return
}

// -----
// An optional operand whose type group is missing.
func.func @f(%a: i32, %b: i64) {
  testfmt.optional_operand %b, %a
  return
}

// -----
// A segment operand of the wrong type.
func.func @f(%a: i32, %b: i64) {
  testfmt.segments [%b] []
  return
}

// -----
// An unbalanced variadic-of-variadic group.
func.func @f(%a: i32) {
  testfmt.groups (%a, (%a) : (i32)
  return
}

// -----
// A region where a keyword is expected in the optional group.
func.func @f(%c: i1) {
  testfmt.optional_region %c {
  } otherwise {
  }
  return
}

// -----
// Two blocks in a region that may only have one.
func.func @f(%i: index) {
  testfmt.implicit %i {
    testfmt.yield
  ^bb1:
    testfmt.yield
  }
  return
}

// -----
// A successor list without its closing bracket.
func.func @f(%c: i1) {
  testfmt.cond %c, ^bb1 else [^bb1
^bb1:
  return
}

// -----
// A functional type where the results are missing.
func.func @f(%a: i32) {
  %r = testfmt.functional_vars %a : (i32)
  return
}

// -----
// A required property missing from prop-dict.
func.func @f() {
  testfmt.prop_dict 7 <{tuning = 3 : i32}>
  return
}

// -----
// A property of the wrong kind in prop-dict.
func.func @f() {
  testfmt.prop_dict 7 <{label = 5}>
  return
}

// -----
// A custom directive given something that is not an operand.
func.func @f() {
  testfmt.custom_optional some
  return
}

// -----
// A custom directive missing its keyword.
func.func @f(%a: i32, %b: i64) {
  testfmt.custom_ref %a, %b : i32 i64
  return
}

// -----
// A custom directive's keyword without its integer.
func.func @f() {
  testfmt.custom_string 5 by
  return
}

// -----
// Mismatched types under AllTypesMatch.
func.func @f(%a: i32, %b: i64) {
  %r = testfmt.all_match %a, %b : i64
  return
}

// -----
// A non-shaped type where TypesMatchWith needs an element type.
func.func @f(%a: i32) {
  %r = testfmt.match_with %a : i32
  return
}

// -----
// Mismatched operand types under SameTypeOperands.
func.func @f(%a: i32, %b: i64) {
  %r = testfmt.same_operands %a, %b : i32
  return
}

// -----
// An inferred result bound to too many names.
func.func @f(%a: i32) {
  %r:2 = testfmt.infer %a, %a : i32, i32
  return
}

// -----
// Text after the op that is not an op.
func.func @f() {
  testfmt.keywords first second _under_score dotted.word extra
  return
}

// -----
// A glued keyword left out.
func.func @f(%a: i32) {
  testfmt.spacing(%a), tail next line
  return
}

// -----
// More type groups than operand groups.
func.func @f(%a: i32) {
  testfmt.groups (%a) : (i32), (i32)
  return
}

// -----
// A property variable of the wrong kind.
func.func @f() {
  testfmt.prop_vars 7, 8
  return
}

// -----
// The successors directive with no successor.
func.func @f(%a: i32) {
  testfmt.switch %a :
}

// -----
// Successor operands with fewer types than values.
func.func @f(%a: i32) {
  testfmt.br ^bb1(%a, %a : i32)
^bb1(%x: i32, %y: i32):
  return
}

// -----
// A stripped dialect type where the format wants it qualified.
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : <i32>, <i32> -> <i32>
  return
}

// -----
// A stripped dialect type with an empty body.
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : <>, !testfmt.box<i32> -> <i32>
  return
}

// -----
// A stripped dialect type whose body is not a type.
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : <i32>, !testfmt.box<i32> -> <42>
  return
}

// -----
// A builtin type where a stripped dialect type is wanted.
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : i32, !testfmt.box<i32> -> <i32>
  return
}

// -----
// A type alias of another kind where a stripped box is wanted (read
// whole, then found not to be a box).
!int = i32
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : !testfmt.box<i32>, !testfmt.box<i32> -> !int
  return
}

// -----
// A stripped box around a box that is not closed.
func.func @f(%b: !testfmt.box<i32>) {
  %r = testfmt.dialect_types %b, %b : <!testfmt.box<i32>, !testfmt.box<i32> -> <i32>
  return
}

// -----
// A stripped dialect attribute missing its second parameter.
func.func @f() {
  testfmt.def_attrs <1>, #testfmt.pair<3, 4>
  return
}

// -----
// An attribute of another kind where a stripped pair is wanted.
func.func @f() {
  testfmt.def_attrs 5 : i64, #testfmt.pair<3, 4>
  return
}

// -----
// A stripped pair where the format wants it qualified.
func.func @f() {
  testfmt.def_attrs <1, 2>, <3, 4>
  return
}

// -----
// A custom region directive given neither `empty` nor a region.
func.func @f() {
  testfmt.custom_region full
  return
}

// -----
// A custom successor directive missing its keyword.
func.func @f() {
  testfmt.custom_successor ^bb1
^bb1:
  return
}

// -----
// A custom directive in an optional group, missing after the comma.
func.func @f() {
  testfmt.custom_in_group scale 3,
  return
}

// -----
// A string where an integer attribute of a buildable type is expected:
// not of the attribute's kind.
func.func @f() {
  testfmt.int_attrs "s", true, 3, 5 : si32, 7 : i16
  return
}

// -----
// A whole dialect attribute of another kind where a stripped one is read.
func.func @f() {
  testfmt.dialect_attrs #testfmt.perms<read>, #testfmt<shape square>, <read>, #testfmt.perms<read>
  return
}

// -----
// A qualified dialect attribute of another kind.
func.func @f() {
  testfmt.dialect_attrs circle, #testfmt.perms<read>, <read>, #testfmt.perms<read>
  return
}

// -----
// A type that is not of its constraint's class where a single type is read.
func.func @f(%a: i32) {
  %r = testfmt.match_with %a : index
  return
}

// -----
// An oilist clause with operands given twice.
func.func @f(%a: i32) {
  testfmt.oilist depend(%a) upper = 1 depend(%a)
  return
}

// -----
// A property dictionary with a key the op does not have.
func.func @f() {
  testfmt.prop_dict 7 <{label = "x", bogus = 1}>
  return
}

// -----
// A property dictionary naming a property the format shows itself.
func.func @f() {
  testfmt.prop_dict 7 <{cookie = 8 : i64, label = "x"}>
  return
}

// -----
// A property dictionary that is not a dictionary.
func.func @f() {
  testfmt.prop_dict 7 <[1]>
  return
}

// -----
// An attribute kept in the properties, of the wrong kind.
func.func @f() {
  testfmt.prop_dict 7 <{label = "x", limit = "s"}>
  return
}

// -----
// An integer property of the wrong kind in the property dictionary.
func.func @f() {
  testfmt.prop_dict 7 <{label = "x", tuning = "s"}>
  return
}

// -----
// An optional group read by the generic attribute parser takes the
// string meant for the next group.
func.func @f() {
  testfmt.attr_anchor #testfmt<shape circle> shaped "n"
  return
}

// -----
// A result type missing after a custom directive's keyword.
func.func @f(%a: i32) {
  %r = testfmt.custom_result %a : i32 to
  return
}

// -----
// An optional property that is neither `none` nor an integer.
func.func @f() {
  testfmt.prop_vars 7, "x" limit "y"
  return
}

// -----
// An integer property that is not an integer.
func.func @f() {
  testfmt.prop_vars x, "y"
  return
}

// -----
// No property dictionary where a property the format leaves to it is
// required.
func.func @f() {
  testfmt.prop_dict 7
  return
}

// -----
// A property dictionary read by a custom directive without a required
// property.
func.func @f() {
  testfmt.custom_prop_dict props <{limit = 3}>
  return
}

// -----
// A count that is not the number of operands its ref(...) arguments hold.
func.func @f(%a: i32, %b: i32) {
  testfmt.custom_ref_operands %a or %b [%a] count 2
  return
}

// -----
// A count that is not the number of blocks and regions.
func.func @f() {
  testfmt.custom_ref_regions {
  } and {
  } count 0
  return
}

// -----
// A count that is not the number of successors.
func.func @f() {
  testfmt.custom_ref_successors ^bb1 [^bb1] count 1
^bb1:
  testfmt.custom_ref_successors ^bb1 [] count 1
}

// -----
// A count that is not the number of attributes read before it.
func.func @f() {
  testfmt.custom_ref_attr_dict {a, b} count 1
  return
}

// -----
// A custom directive that starts a group fails inside its text.
func.func @f() {
  testfmt.custom_anchor use times x done
  return
}

// -----
// A group started by a custom directive without its closing keyword.
func.func @f(%a: i32) {
  testfmt.custom_anchor use %a
  return
}

// -----
// A group anchored by an integer property without its keyword.
func.func @f() {
  testfmt.prop_anchor 5 named
  return
}

// -----
// An integer property too large for its type.
func.func @f() {
  testfmt.prop_anchor 99999999999999999999 wide
  return
}

// -----
// A group anchored by a string property without its keyword.
func.func @f() {
  testfmt.prop_anchor 5 wide "y"
  return
}

// -----
// Text where a group anchored by a property is not there.
func.func @f() {
  testfmt.prop_anchor wide
  return
}

// -----
// A result type other than the inferred one (InferTypeOpInterface's
// verifier: two errors).
func.func @f(%a: i32) {
  %r = "testfmt.infer"(%a) : (i32) -> tuple<i32, i32>
  return
}

// -----
// A result type that is a tuple, but not of the operand types.
func.func @f(%a: i32, %b: f32) {
  %r = "testfmt.infer"(%a, %b) : (i32, f32) -> tuple<f32, i32>
  return
}

// -----
// An EnumProp case the enum does not have.
func.func @f() {
  testfmt.prop_kinds blue unit 1 2 "t" [] none 3
  return
}

// -----
// An EnumProp that is not a keyword or string.
func.func @f() {
  testfmt.prop_kinds 5 unit 1 2 "t" [] none 3
  return
}

// -----
// A UnitProp variable that is neither `unit` nor `unit_absent`.
func.func @f() {
  testfmt.prop_kinds red present 1 2 "t" [] none 3
  return
}

// -----
// An ArrayProp element that is not an integer.
func.func @f() {
  testfmt.prop_kinds red unit 1 2 "t" [1, x] none 3
  return
}

// -----
// An ArrayProp without its brackets.
func.func @f() {
  testfmt.prop_kinds red unit 1 2 "t" 4 none 3
  return
}

// -----
// A BoolProp integer that does not fit.
func.func @f() {
  testfmt.prop_bool 2
  return
}
