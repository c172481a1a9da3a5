// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// The ways an expectation names its line: same line, @+N, @-N, @above, @below.

"t.op"() {a = 256 : i8} : () -> () // expected-error {{integer constant out of range for attribute}}

// -----

"t.op"() {a = -1 : ui8} : () -> ()
// expected-error @-1 {{negative integer literal not valid for unsigned integer type}}

// -----

// expected-error @below {{undefined symbol alias id 'missing'}}
"t.op"() {a = #missing} : () -> ()

// -----

"t.op"() {a = 1.5 : i32} : () -> ()
// expected-error @above {{floating point value not valid for specified type}}

// -----

// expected-error @+2 {{unexpected character}}

"t.op"() ;
