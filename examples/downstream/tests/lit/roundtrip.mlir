// Every op of the dialect reads back what it prints, in the custom form
// and through the generic form.
// RUN: meter-opt %s | meter-opt | FileCheck %s
// RUN: meter-opt %s --mlir-print-op-generic | meter-opt | FileCheck %s
// RUN: meter-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: module {
// CHECK-NEXT: %[[KM:.*]] = meter.reading 2.500000e+00 in km
// CHECK-NEXT: %[[M:.*]] = meter.convert %[[KM]] from km to m
// GENERIC: "meter.convert"(%{{.*}}) <{from = "km", to = "m"}> : (f64) -> f64
%0 = meter.reading 2.5 in km
%1 = meter.convert %0 from km to m

// A unit that is not a bare word is printed quoted.
// CHECK-NEXT: %[[LY:.*]] = meter.reading 1.000000e+00 in "light year"
%2 = meter.reading 1.0 in "light year"

// Variadic operands, none or several.
// CHECK-NEXT: %[[SUM:.*]] = meter.sum(%[[M]], %[[KM]])
// CHECK-NEXT: meter.sum()
%3 = meter.sum(%1, %0)
%4 = meter.sum()

// A type with a parameter as a result (printed stripped by `type($result)`)
// and as an operand (in full with `qualified`).
// CHECK-NEXT: %[[Q:.*]] = meter.tag %[[SUM]] : <"m">
// CHECK-NEXT: meter.value %[[Q]] : !meter.quantity<"m">
// GENERIC: "meter.tag"(%{{.*}}) : (f64) -> !meter.quantity<"m">
%5 = meter.tag %3 : !meter.quantity<"m">
%6 = meter.value %5 : !meter.quantity<"m">

// An attribute with its format and an optional group holding an enum
// attribute; the default step is left out.
// CHECK-NEXT: %[[C:.*]] = meter.clamp %{{.*}} within <0 to 10> as <length> : f64
// CHECK-NEXT: meter.clamp %[[C]] within <-5 to 5 step 2> : f64
// GENERIC: <{dim = #meter.dim<length>, range = #meter.range<0 to 10>}>
// GENERIC: <{range = #meter.range<-5 to 5 step 2>}>
%7 = meter.clamp %6 within <0 to 10 step 1> as <length> : f64
%8 = meter.clamp %7 within <-5 to 5 step 2> : f64

// Variadic operands of any type, optional groups for an attribute and for
// the types.
// CHECK-NEXT: meter.log %[[C]], %[[Q]] tagged "checked" : f64, !meter.quantity<"m">
// CHECK-NEXT: meter.log{{ *$}}
// CHECK-NEXT: meter.log %[[LY]] {note = 1 : i64} : f64
meter.log %7, %5 tagged "checked" : f64, !meter.quantity<"m">
meter.log
meter.log %2 {note = 1} : f64

// A region.
// CHECK-NEXT: meter.experiment "timing" {
// CHECK-NEXT:   %[[T:.*]] = meter.start : !meter.tick
// CHECK-NEXT:   %[[S:.*]] = meter.stop %[[T]] : !meter.tick
// CHECK-NEXT:   meter.scale %[[S]] by 6.000000e+01 : f64
// CHECK-NEXT: }
meter.experiment "timing" {
  %t = meter.start : !meter.tick
  %s = meter.stop %t : !meter.tick
  %m = meter.scale %s by 60.0 : f64
}

// An #[op] op whose values are a type of the spec.
// CHECK-NEXT: meter.rescale %[[Q]] by 1.000000e-03 : !meter.quantity<"m"> -> !meter.quantity<"km">
// GENERIC: "meter.rescale"(%{{.*}}) <{factor = 1.000000e-03 : f64}> : (!meter.quantity<"m">) -> !meter.quantity<"km">
%9 = meter.rescale %5 by 1.0e-3 : !meter.quantity<"m"> -> !meter.quantity<"km">
// CHECK-NEXT: }
// CHECK-NOT: meter
