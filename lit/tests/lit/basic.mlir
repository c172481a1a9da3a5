// The harness over ods-opt: a round trip, the generic form, split input
// with diagnostics verified, and an error checked through 2>&1.
// RUN: ods-opt %s --allow-unregistered-dialect | ods-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: not ods-opt %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: module {
// CHECK-NEXT: %[[X:.*]] = "t.a"() : () -> i32
// CHECK-NEXT: "t.b"(%[[X]]) : (i32) -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// ERR: error: operation being parsed with an unregistered dialect
%0 = "t.a"() : () -> i32
"t.b"(%0) : (i32) -> ()
