// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Invalid `llvm.shufflevector`, `llvm.va_arg`, masked gathers and
// scatters, `llvm.call_intrinsic`, alias scopes and vectors of types that
// are no vector elements; each with mlir-opt's message and place.

llvm.func @shuffle_scalable(%v: vector<[4]xi32>) {
  // expected-error @+1 {{'llvm.shufflevector' op expected a splat operation for scalable vectors}}
  %0 = llvm.shufflevector %v, %v [0, 1] : vector<[4]xi32>
  llvm.return
}

// -----

llvm.func @shuffle_types(%v: vector<4xi32>, %w: vector<4xf32>) {
  // expected-error @+1 {{'llvm.shufflevector' op failed to verify that all of {v1, v2} have same type}}
  %0 = "llvm.shufflevector"(%v, %w) <{mask = array<i32: 0>}> : (vector<4xi32>, vector<4xf32>) -> vector<1xi32>
  llvm.return
}

// -----

llvm.func @va_arg_not_pointer(%v: i32) {
  // expected-error @+1 {{'llvm.va_arg' op operand #0 must be LLVM pointer type, but got 'i32'}}
  %0 = llvm.va_arg %v : (i32) -> i32
  llvm.return
}

// -----

llvm.func @gather_length(%ps: vector<4x!llvm.ptr>, %m: vector<4xi1>) {
  // expected-error @+1 {{'llvm.intr.masked.gather' op expected operand #1 type to be 'vector<8x!llvm.ptr>'}}
  %0 = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>) -> vector<8xi32>
  llvm.return
}

// -----

llvm.func @gather_scalable(%ps: vector<[4]x!llvm.ptr>, %m: vector<4xi1>) {
  // expected-error @+1 {{'llvm.intr.masked.gather' op expected operand #1 type to be 'vector<4x!llvm.ptr>'}}
  %0 = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<[4]x!llvm.ptr>, vector<4xi1>) -> vector<4xi32>
  llvm.return
}

// -----

llvm.func @gather_not_pointers(%ps: vector<4xi32>, %m: vector<4xi1>) {
  // expected-error @+1 {{'llvm.intr.masked.gather' op operand #0 must be LLVM dialect-compatible vector of LLVM pointer type, but got 'vector<4xi32>'}}
  %0 = llvm.intr.masked.gather %ps, %m {alignment = 4 : i32} : (vector<4xi32>, vector<4xi1>) -> vector<4xi32>
  llvm.return
}

// -----

llvm.func @gather_no_alignment(%ps: vector<4x!llvm.ptr>, %m: vector<4xi1>) {
  // expected-error @+1 {{'llvm.intr.masked.gather' op requires attribute 'alignment'}}
  %0 = llvm.intr.masked.gather %ps, %m : (vector<4x!llvm.ptr>, vector<4xi1>) -> vector<4xi32>
  llvm.return
}

// -----

llvm.func @scatter_length(%ps: vector<4x!llvm.ptr>, %m: vector<4xi1>, %v: vector<2xi32>) {
  // expected-error @+1 {{'llvm.intr.masked.scatter' op expected operand #2 type to be 'vector<2x!llvm.ptr>'}}
  llvm.intr.masked.scatter %v, %ps, %m {alignment = 4 : i32} : vector<2xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  llvm.return
}

// -----

llvm.func @intrinsic_name(%x: i32) {
  // expected-error @+1 {{'llvm.call_intrinsic' op intrinsic name must start with 'llvm.'}}
  %0 = llvm.call_intrinsic "foo.bar"(%x) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @intrinsic_symbol(%x: i32) {
  // expected-error @+1 {{custom op 'llvm.call_intrinsic' invalid kind of attribute specified}}
  %0 = llvm.call_intrinsic @foo(%x) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @intrinsic_two_results(%x: i32) {
  // expected-error @+1 {{custom op 'llvm.call_intrinsic' expected function with 0 or 1 result}}
  %0:2 = llvm.call_intrinsic "llvm.x"(%x) : (i32) -> (i32, i32)
  llvm.return
}

// -----

llvm.func @intrinsic_bundle_tags(%x: i32) {
  // expected-error @+1 {{expected 1 operand bundle tags, but actually got 0}}
  %0 = "llvm.call_intrinsic"(%x) <{intrin = "llvm.x", op_bundle_sizes = array<i32: 1>, operandSegmentSizes = array<i32: 0, 1>}> : (i32) -> i32
  llvm.return
}

// -----

#d = #llvm.alias_scope_domain<id = distinct[0]<>>
// expected-error @+1 {{id of an alias scope must be a StringAttr or a DistrinctAttr}}
llvm.func @scope_id() attributes {x = #llvm.alias_scope<id = 3 : i32, domain = #d>}

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @struct_vector(%b: vector<2x!llvm.struct<(i32)>>)

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @void_vector(%a: vector<4x!llvm.void>)
