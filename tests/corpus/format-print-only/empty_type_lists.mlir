// Generic-form ops whose custom form the twin prints but cannot read back
// (upstream's quirks: an empty variadic type list prints as nothing, and
// its parser wants at least one type; a dialect attribute that starts an
// optional group prints stripped, but is read by the generic attribute
// parser, which wants it whole). One op per chunk, split as
// --split-input-file splits a file. tests/tests/format_twin.rs checks
// that the twin prints each and rejects what it printed; `ods-opt` must
// later do the same, byte for byte.

// Both lists empty.
"testfmt.variadic"() : () -> ()

// -----
// No operands, one result.
%0 = "testfmt.variadic"() : () -> i1

// -----
// One operand, no results.
func.func @f(%a: i32) {
  "testfmt.variadic"(%a) : (i32) -> ()
  return
}

// -----
// A dialect attribute starting a group: printed `  circle shaped`.
"testfmt.stripped_anchor"() <{shape = #testfmt<shape circle>}> : () -> ()
