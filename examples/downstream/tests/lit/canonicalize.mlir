// Folds (hasFolder, in .ods and in #[op]) and the dialect's own
// canonicalization pattern, run by the generic --canonicalize.
// RUN: meter-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: meter.experiment "round trip"
// A conversion undone folds away; the unused readings go too.
// CHECK-NEXT: %[[X:.*]] = meter.reading 2.000000e+00 in km
// CHECK-NEXT: meter.log %[[X]] : f64
// CHECK-NEXT: }
meter.experiment "round trip" {
  %0 = meter.reading 2.0 in km
  %1 = meter.convert %0 from km to m
  %2 = meter.convert %1 from m to km
  meter.log %2 : f64
}

// CHECK-LABEL: meter.experiment "chain"
// A chain of conversions becomes one (the pattern).
// CHECK-NEXT: %[[X:.*]] = meter.reading 3.000000e+00 in mi
// CHECK-NEXT: %[[C:.*]] = meter.convert %[[X]] from mi to ft
// CHECK-NEXT: meter.log %[[C]] : f64
// CHECK-NOT: meter.convert
// CHECK: }
meter.experiment "chain" {
  %0 = meter.reading 3.0 in mi
  %1 = meter.convert %0 from mi to km
  %2 = meter.convert %1 from km to m
  %3 = meter.convert %2 from m to ft
  meter.log %3 : f64
}

// CHECK-LABEL: meter.experiment "folds"
// The sum of one value, and a scale by 1 (an #[op] op's fold).
// CHECK-NEXT: %[[X:.*]] = meter.reading 4.000000e+00 in s
// CHECK-NEXT: meter.log %[[X]], %[[X]] : f64, f64
// CHECK-NEXT: %[[Y:.*]] = meter.scale %[[X]] by 2.000000e+00 : f64
// CHECK-NEXT: meter.log %[[Y]] : f64
meter.experiment "folds" {
  %0 = meter.reading 4.0 in s
  %1 = meter.sum(%0)
  %2 = meter.scale %0 by 1.0 : f64
  meter.log %1, %2 : f64, f64
  %3 = meter.scale %0 by 2.0 : f64
  meter.log %3 : f64
}
