// ARGS: --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// Bad bodies of the arith dialect's enum attributes: each is a parse error
// at the place mlir-opt reports it. (Errors that name the enum's type are in
// dialects/tests/arith_enum_attrs.rs: mlir-opt names the C++ type, we the
// Rust path, and this suite compares whole reports.)

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
