// The verifiers' and parsers' errors, one per chunk.
// RUN: meter-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{'meter.reading' op unknown unit 'furlong'}}
%0 = meter.reading 1.0 in furlong

// -----

%0 = meter.reading 1.0 in m
// expected-error @+1 {{'meter.convert' op cannot convert 'm' (length) to 'h' (time)}}
%1 = meter.convert %0 from m to h

// -----

%0 = meter.reading 1.0 in s
// expected-error @+1 {{converts 's' to itself}}
%1 = meter.convert %0 from s to s

// -----

// The attribute's own verifier (genVerifyDecl).
%0 = meter.reading 1.0 in m
// expected-error @+1 {{empty range: 10 is above 0}}
%1 = meter.clamp %0 within <10 to 0> : f64

// -----

%0 = meter.reading 1.0 in m
// expected-error @+1 {{step must be positive, got 0}}
%1 = meter.clamp %0 within <0 to 10 step 0> : f64

// -----

// A type of the dialect where another is expected.
%0 = meter.reading 1.0 in m
%1 = meter.tag %0 : !meter.quantity<"m">
// expected-error @+1 {{operand #0 must be a point on the meter's clock, but got '!meter.quantity<"m">'}}
%2 = "meter.stop"(%1) : (!meter.quantity<"m">) -> f64

// -----

// expected-error @+1 {{result #0 must be a point on the meter's clock, but got 'f64'}}
%0 = "meter.start"() : () -> f64

// -----

// The enum's cases.
%0 = meter.reading 1.0 in m
// The enum's C++ name is its Rust path here: cppNamespace is crate::meter.
// expected-error @+2 {{expected crate::meter::Dimension to be one of: length, time, mass}}
// expected-error @+1 {{failed to parse Meter_DimensionAttr parameter 'value' which is to be a `crate::meter::Dimension`}}
%1 = meter.clamp %0 within <0 to 1> as <volume> : f64

// -----

// A region of one block.
// expected-error @+1 {{'meter.experiment' op expects region #0 to have 0 or 1 blocks}}
"meter.experiment"() <{name = "x"}> ({
^bb0:
  "meter.log"() : () -> ()
^bb1:
  "meter.log"() : () -> ()
}) : () -> ()

// -----

// The #[op] op checks its values against the spec's type.
%0 = meter.reading 1.0 in m
// expected-error @+1 {{'meter.rescale' op operand #0 must be a value measured in a unit, but got 'f64'}}
%1 = "meter.rescale"(%0) <{factor = 2.0 : f64}> : (f64) -> !meter.quantity<"m">
