// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Builtin types, attributes and locations written wrongly: each error in
// mlir-opt's words and at its place.

// A width that does not fit 32 bits is no width at all.
// expected-error @+1 {{invalid integer width}}
"t.a"() : () -> i5000000000

// -----

// expected-error @+1 {{invalid integer width}}
"t.a"() : () -> ui99999999999

// -----

// One that fits may still be too wide.
// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
"t.a"() : () -> si20000000

// -----

// The whole shape is listed.
// expected-error @+1 {{vector types must have positive constant sizes but got 3, 0, 2}}
"t.a"() : () -> vector<3x0x2xf32>

// -----

#id = affine_map<(d) -> (d)>
// expected-error @+1 {{expected memory space to be last in memref type}}
"t.a"() : () -> memref<4xi8, 7, #id>

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
"t.a"() : () -> memref<4xi8, 7, 8>

// -----

#id = affine_map<(d) -> (d)>
// expected-error @+1 {{cannot have affine map for unranked memref type}}
"t.a"() : () -> memref<*xi8, #id>

// -----

// A second layout replaces the first; only the last is checked against
// the rank.
#one = affine_map<(d) -> (d)>
#two = affine_map<(d, e) -> (d)>
// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"t.a"() : () -> memref<4xi8, #one, #two>

// -----

"t.a"() ({
^bb0:
  // expected-error @+1 {{expected '(' in location}}
  "t.b"() : () -> () loc "here"
}) : () -> ()

// -----

"t.a"() ({
^bb0:
  // expected-error @+1 {{expected ')' in location}}
  "t.b"() : () -> () loc(unknown
}) : () -> ()

// -----

// As an attribute, a location is an inline location.
// expected-error @+1 {{expected ')' in inline location}}
"t.a"() {where = loc(unknown} : () -> ()

// -----

// expected-error @+1 {{parsed zero elements, but type ('tensor<2x3xf16>') expected at least 1}}
"t.a"() {v = dense<> : tensor<2x3xf16>} : () -> ()

// -----

// An empty list has a shape of its own, [0].
// expected-error @+1 {{inferred shape of elements literal ([0]) does not match type ([0, 3])}}
"t.a"() {v = dense<[]> : tensor<0x3xf16>} : () -> ()

// -----

// expected-error @+1 {{expected 1-d tensor for sparse element values}}
"t.a"() {v = sparse<[[0, 1]], [[2.0]]> : tensor<2x2xf32>} : () -> ()

// -----

// A flat list of indices is kept flat.
// expected-error @+1 {{expected shape ([6]); inferred shape of indices literal ([3]); inferred shape of values literal ([2])}}
"t.a"() {v = sparse<[1, 2, 4], [2.0, 3.0]> : tensor<6xf32>} : () -> ()

// -----

// One index stands for a row of the type's rank.
// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[3, 3], and type='tensor<3x5xi8>'}}
"t.a"() {v = sparse<3, 1> : tensor<3x5xi8>} : () -> ()

// -----

// expected-error @+1 {{expected floating point literal}}
"t.a"() {v = dense<[false, 2.5]> : tensor<2xbf16>} : () -> ()

// -----

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"t.a"() {v = dense_resource<blob> : i64} : () -> ()

// -----

// expected-error @+1 {{referenced attribute does not match previous definition: "x"}}
"t.a"() {first = distinct[5]<"x">, second = distinct[5]<"y">} : () -> ()

// -----

// The same id with the same attribute is the same distinct attribute.
"t.a"() {first = distinct[5]<"x">, second = distinct[5]<"x">} : () -> ()

// -----

// expected-error @+1 {{expected valid ssa identifier}}
%a, = "t.pair"() : () -> (i1, i1)

// -----

func.func @case_result_numbers(%flag: i32) {
  %pair:2 = "t.pair"() : () -> (i8, i8)
  // A case takes a result number; the default destination does not.
  cf.switch %flag : i32, [
    default: ^bb1(%pair#1 : i8),
    // expected-error @-1 {{result number not allowed in argument list}}
    3: ^bb1(%pair#0 : i8)
  ]
^bb1(%v : i8):
  return
}

// -----

func.func @case_takes_result_numbers(%flag: i32) {
  %pair:2 = "t.pair"() : () -> (i8, i8)
  cf.switch %flag : i32, [
    default: ^bb1(%flag : i32),
    3: ^bb2(%pair#0 : i8)
  ]
^bb1(%v : i32):
  return
^bb2(%w : i8):
  return
}

// -----

// A negation whose operand fails reports that too, at the same place.
// expected-error @+2 {{missing right operand of binary operator}}
// expected-error @+1 {{missing operand of negation}}
#neg = affine_map<(i) -> (i * -)>

// -----

// expected-error @+2 {{no expression inside parentheses}}
// expected-error @+1 {{missing operand of negation}}
#neg = affine_map<(i)[s] -> (s floordiv -())>
