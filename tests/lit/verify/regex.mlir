// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// expected-*-re: the text is literal except for {{regex}} pieces, and the
// whole is searched for in the message.

"t.op"() {a = 256 : i8} : () -> () // expected-error-re {{integer {{[a-z]+}} out of range for {{attr|type}}ibute}}

// -----

// expected-error-re @+1 {{use of undeclared SSA value {{name|named '%x'}}}}
"t.a"(%x) : (i32) -> ()

// -----

%x = "t.c"() : () -> i32
// expected-note-re @-1 {{previously defined {{h[e]re}}}}
// expected-error-re @+1 {{redefinition of SSA value '{{%[[:alpha:]]}}'}}
%x = "t.c"() : () -> i32

// -----

// Characters special to patterns are literal outside the pieces.
"t.op"() {a = 1.5 : i32} : () -> ()
// expected-error-re @above {{floating point value not valid for specified type{{$}}}}

// -----

%0 = "t.a"() : () -> i32
// expected-error-re @below {{invalid properties {} for op {{[a-z_.]+}}: this operation does not support properties}}
%1 = "builtin.unrealized_conversion_cast"(%0) <{}> : (i32) -> i64

// -----

// A diagnostic at no place in the file is matched by @unknown.
// expected-error-re @unknown {{'builtin.module' op expects region #{{[0-9]}} to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
^bb1:
}) : () -> () loc(unknown)
