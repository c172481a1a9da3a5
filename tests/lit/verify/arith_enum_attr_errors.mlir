// RUN: ods-opt %s --allow-unregistered-dialect --mlir-print-op-generic --verify-diagnostics --split-input-file
// Bad bodies of the arith dialect's enum attributes, and bad enum keywords
// in arith ops' custom forms: each is a parse error at the place mlir-opt
// reports it. An unknown keyword names the enum by its C++ name, as
// mlir-opt does (the port keeps upstream's `cppNamespace`, `::mlir::arith`).

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

// -----

// expected-error @+2 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
// expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
"t.op"() {a = #arith.fastmath<bogus>} : () -> ()

// -----

// expected-error @+2 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
// expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
"t.op"() {a = #arith.fastmath<nnan,bogus>} : () -> ()

// -----

func.func @addf_fastmath_keyword(%b: f32) -> f32 {
  // expected-error @+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error @+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %b, %b fastmath<fost> : f32
  return %0 : f32
}

// -----

func.func @cmpi_predicate_keyword(%a: i32) -> i1 {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return %0 : i1
}

// -----

func.func @cmpf_predicate_keyword(%b: f32) -> i1 {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf foo, %b, %b : f32
  return %0 : i1
}

// -----

// Properties of the wrong kind written `<{...}>`: parse errors at the op
// (the predicate's class holds only 64-bit cases; the flags are a
// `#arith.fastmath`).
func.func @cmpi_predicate_property(%a: i32) -> i1 {
  // expected-error @+1 {{invalid properties {predicate = 1 : i32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1 : i32}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i32}> : (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @cmpi_predicate_property_no_case(%a: i32) -> i1 {
  // expected-error @+1 {{invalid properties {predicate = 12 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 12 : i64}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 12 : i64}> : (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @cmpf_predicate_property_string(%b: f32) -> i1 {
  // expected-error @+1 {{invalid properties {predicate = "oeq"} for op arith.cmpf: Invalid attribute `predicate` in property conversion: "oeq"}}
  %0 = "arith.cmpf"(%b, %b) <{predicate = "oeq"}> : (f32, f32) -> i1
  return %0 : i1
}

// -----

func.func @addf_fastmath_property(%b: f32) -> f32 {
  // expected-error @+1 {{invalid properties {fastmath = 1 : i32} for op arith.addf: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "arith.addf"(%b, %b) <{fastmath = 1 : i32}> : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @constant_value_property() -> i32 {
  // expected-error @+1 {{invalid properties {value} for op arith.constant: Invalid attribute `value` in property conversion: unit}}
  %0 = "arith.constant"() <{value = unit}> : () -> i32
  return %0 : i32
}
