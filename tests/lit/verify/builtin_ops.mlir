// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// builtin.module and builtin.unrealized_conversion_cast: parse-time and
// verifier errors, one per chunk, as mlir-opt reports them.

// expected-error @+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({}) : () -> (i32)

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({}) {sym_name = 3} : () -> ()

// -----

// expected-error @+1 {{invalid properties {sym_visibility = 1 : i64} for op builtin.module: Invalid attribute `sym_visibility` in property conversion: 1 : i64}}
"builtin.module"() <{sym_visibility = 1}> ({}) : () -> ()

// -----

// expected-error @+1 {{custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
module @a attributes {sym_visibility = 1} {}

// -----

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
  "t.a"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
module @a attributes {sym_visibility = "bogus"} {}

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  module @a {}
  // expected-error @+1 {{redefinition of symbol named 'a'}}
  module @a {}
}

// -----

"t.wrap"() ({
^bb0:
  "t.x"() : () -> ()
  // expected-error @+1 {{block with no terminator, has}}
  "builtin.module"() ({}) : () -> ()
^bb1:
  "t.y"() : () -> ()
}) : () -> ()

// -----

"t.wrap"() ({
^bb0:
  // expected-error @+1 {{successors in non-terminator}}
  "builtin.module"()[^bb1] ({}) : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op requires zero regions}}
%0 = "builtin.unrealized_conversion_cast"() ({}) : () -> i32

// -----

%0 = "t.v"() : () -> i32
// expected-error @+1 {{custom op 'builtin.unrealized_conversion_cast' expected 'to'}}
%1 = builtin.unrealized_conversion_cast %0 : i32 i64
