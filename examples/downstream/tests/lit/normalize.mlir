// The dialect's own pass and its option, alone, in a pipeline, and
// followed by --canonicalize.
// RUN: meter-opt %s --meter-normalize=unit=m | FileCheck %s
// RUN: meter-opt %s --meter-normalize=unit=m --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: meter-opt %s --pass-pipeline='builtin.module(meter-normalize{unit=min})' | FileCheck %s --check-prefix=MIN
// RUN: not meter-opt %s --meter-normalize=unit=parsec 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not meter-opt %s --meter-normalize=bogus=1 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: meter-opt --help | FileCheck %s --check-prefix=HELP

// The reading in km becomes one in m converted back; the one in s stays.
// CHECK: %[[M:.*]] = meter.reading 2.500000e+03 in m
// CHECK-NEXT: %[[KM:.*]] = meter.convert %[[M]] from m to km
// CHECK-NEXT: %[[BACK:.*]] = meter.convert %[[KM]] from km to m
// CHECK-NEXT: %[[S:.*]] = meter.reading 9.000000e+01 in s
// CHECK-NEXT: meter.log %[[BACK]], %[[S]] : f64, f64
%0 = meter.reading 2.5 in km
%1 = meter.convert %0 from km to m
%2 = meter.reading 90.0 in s
meter.log %1, %2 : f64, f64

// The conversion back and forth folds away: one reading in metres.
// CANON: %[[M:.*]] = meter.reading 2.500000e+03 in m
// CANON-NOT: meter.convert
// CANON: meter.log %[[M]], %{{.*}} : f64, f64

// With unit=min only the time reading changes.
// MIN-DAG: meter.reading 2.500000e+00 in km
// MIN-DAG: %[[MIN:.*]] = meter.reading 1.500000e+00 in min
// MIN: %[[S:.*]] = meter.convert %[[MIN]] from min to s
// MIN: meter.log %{{.*}}, %[[S]] : f64, f64

// ERR: error: 'builtin.module' op meter-normalize: unknown unit 'parsec'
// OPT: no such option bogus
// HELP: --meter-normalize
// HELP-NEXT: --unit=<string>
