// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics
// Valid input under --verify-diagnostics: no diagnostic expected, none emitted.
"t.op"() {a = 1 : i32} : () -> ()
%0 = "t.def"() : () -> i32
"t.use"(%0) : (i32) -> ()
