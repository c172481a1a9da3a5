// RUN: ods-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// RUN: ods-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics | FileCheck %s

// CHECK: "t.ok"() : () -> ()
"t.ok"() : () -> ()

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
"t.a"(%x) : (i32) -> ()

// -----

// CHECK: "t.also_ok"
"t.also_ok"() : () -> ()
