// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// Parse errors, one per split, each checked by an expected-error annotation.

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"t.op"() {a = #nope} : () -> ()

// -----

"t.region"() ({
  // expected-error @+1 {{use of undeclared SSA value name}}
  "t.use"(%missing) : (i32) -> ()
}) : () -> ()

// -----

// expected-note @+1 {{previously defined here}}
%0 = "t.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "t.b"() : () -> i32

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"t.op"() {a = 256 : i8} : () -> ()
