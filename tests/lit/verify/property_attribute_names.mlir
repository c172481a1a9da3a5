// RUN: ods-opt %s --verify-roundtrip --mlir-print-op-generic --verify-diagnostics
// RUN: ods-opt %s --verify-roundtrip | FileCheck %s
// RUN: ods-opt %s --verify-roundtrip --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// An inherent attribute (kept as a property) and a discardable attribute
// of the same name: the dictionary entry moves into the properties. In
// the custom form it overrides what the format read; in the generic form
// the written `<{...}>` wins. (A pure property keeps the discardable
// attribute beside it: ods-macros/tests/property_and_attribute_names.rs.)

// CHECK-LABEL: func.func @same_name
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nuw> : i32
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i32
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
func.func @same_name(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a overflow<nsw> {overflowFlags = #arith.overflow<nuw>} : i32
  %1 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw>}> {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32
  return %0, %1 : i32, i32
}
