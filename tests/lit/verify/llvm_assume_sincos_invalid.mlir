// RUN: ods-opt %s --verify-diagnostics --split-input-file
// llvm.intr.assume and llvm.intr.sincos used wrongly: the operand
// bundles' syntax and their tags, the condition's type, sincos's result
// struct and operand type; each with mlir-opt's message and place.

llvm.func @assume_tag_not_string(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+2 {{custom op 'llvm.intr.assume' expected string}}
  // expected-error @+1 {{custom op 'llvm.intr.assume' expect operand bundle tag}}
  llvm.intr.assume %c [1] : i1
  llvm.return
}

// -----

llvm.func @assume_no_paren(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{expected '('}}
  llvm.intr.assume %c ["a" %c] : i1
  llvm.return
}

// -----

llvm.func @assume_no_colon(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{expected ':'}}
  llvm.intr.assume %c ["a"(%c)] : i1
  llvm.return
}

// -----

llvm.func @assume_types_count(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{custom op 'llvm.intr.assume' number of operands and types do not match: got 1 operands and 2 types}}
  llvm.intr.assume %c ["a"(%c : i1, i1)] : i1
  llvm.return
}

// -----

llvm.func @assume_no_rsquare(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{expected ']'}}
  llvm.intr.assume %c ["a"(%c : i1) : i1
  llvm.return
}

// -----

llvm.func @assume_cond_type(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.assume' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  llvm.intr.assume %i : i32
  llvm.return
}

// -----

llvm.func @assume_tags_missing(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{expected 1 operand bundle tags, but actually got 0}}
  "llvm.intr.assume"(%c) <{op_bundle_sizes = array<i32: 0>}> : (i1) -> ()
  llvm.return
}

// -----

llvm.func @assume_tags_extra(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{expected 0 operand bundle tags, but actually got 1}}
  "llvm.intr.assume"(%c) <{op_bundle_sizes = array<i32>, op_bundle_tags = ["a"]}> : (i1) -> ()
  llvm.return
}

// -----

llvm.func @assume_tag_attr(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{operand bundle tag must be a StringAttr}}
  "llvm.intr.assume"(%c) <{op_bundle_sizes = array<i32: 0>, op_bundle_tags = [1]}> : (i1) -> ()
  llvm.return
}

// -----

llvm.func @sincos_mixed(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type, but got '!llvm.struct<(f32, f64)>'}}
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32, f64)>
  llvm.return
}

// -----

llvm.func @sincos_one(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type, but got '!llvm.struct<(f32)>'}}
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32)>
  llvm.return
}

// -----

llvm.func @sincos_scalar(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type, but got 'f32'}}
  %0 = llvm.intr.sincos(%f) : (f32) -> f32
  llvm.return
}

// -----

llvm.func @sincos_array(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type, but got '!llvm.array<2 x f32>'}}
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.array<2 x f32>
  llvm.return
}

// -----

llvm.func @sincos_int(%c: i1, %p: !llvm.ptr, %f: f32, %i: i32) {
  // expected-error @+1 {{'llvm.intr.sincos' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.intr.sincos(%i) : (i32) -> !llvm.struct<(i32, i32)>
  llvm.return
}
