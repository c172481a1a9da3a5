// ARGS: --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// Bad bodies of the arith dialect's enum attributes: each is a parse error
// at the place mlir-opt reports it. The type in the messages is the enum's
// C++ type for mlir-opt and its Rust path for ods-opt, so the annotations
// quote the rest.

// expected-error @+2 {{to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
// expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a}}
"t.op"() {a = #arith.fastmath<bogus>} : () -> ()

// -----

// expected-error @+2 {{to be one of: none, nsw, nuw}}
// expected-error @+1 {{failed to parse Arith_IntegerOverflowAttr parameter 'value'}}
"t.op"() {a = #arith.overflow<nsw, nsz>} : () -> ()

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value'}}
"t.op"() {a = #arith.fastmath<>} : () -> ()

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value'}}
"t.op"() {a = #arith.fastmath<nnan,>} : () -> ()

// -----

// expected-error @+1 {{expected '>'}}
"t.op"() {a = #arith.fastmath<nnan|ninf>} : () -> ()

// -----

// expected-error @+1 {{expected '>'}}
"t.op"() {a = #arith.overflow<nsw nuw>} : () -> ()

// -----

// expected-error @+1 {{expected '<'}}
"t.op"() {a = #arith.fastmath} : () -> ()

// -----

// expected-error @+1 {{unknown attribute `fast` in dialect `arith`}}
"t.op"() {a = #arith.fast<nnan>} : () -> ()

// -----

// expected-error @+1 {{expected valid keyword}}
"t.op"() {a = #arith<"fastmath">} : () -> ()

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
"t.op"() {a = #arith.fastmath<nnan} : () -> ()
