// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// RUN: ods-opt %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s

// A module with two data layout specifications: mlir-opt 22 reports it,
// naming both, and still succeeds (its verifier emits and returns
// success): the module prints and the status is 0.

// CHECK: module attributes {first.layout = #dlti.dl_spec<>, second.layout = #dlti.dl_spec<>}
// expected-error @+3 {{expects at most one data layout attribute}}
// expected-note @+2 {{'first.layout' is a data layout attribute}}
// expected-note @+1 {{'second.layout' is a data layout attribute}}
module attributes {second.layout = #dlti.dl_spec<>, first.layout = #dlti.dl_spec<>} {
}

// -----

// A third one is a second report, naming it and the one before it (the
// same error twice: one annotation stands for both).
// CHECK: module attributes {a.dl = #dlti.dl_spec<>, b.dl = #dlti.dl_spec<>, c.dl = #dlti.dl_spec<>, d.other = 1 : i32}
// expected-error @+4 {{expects at most one data layout attribute}}
// expected-note @+3 {{'a.dl' is a data layout attribute}}
// expected-note @+2 {{'b.dl' is a data layout attribute}}
// expected-note @+1 {{'c.dl' is a data layout attribute}}
module attributes {c.dl = #dlti.dl_spec<>, a.dl = #dlti.dl_spec<>, d.other = 1 : i32, b.dl = #dlti.dl_spec<>} {
}
