// RUN: ods-opt %s --verify-diagnostics --split-input-file
// LLVM dialect ops used wrongly: the custom forms' parse errors (compare
// predicates, alloca's trailing type, the inferred element type of
// insertvalue / extractvalue), the type constraints of the ported
// .td files, and the hand-written verifiers (getelementptr's indices,
// atomic loads and stores, extensions, bitcasts, aggregate positions,
// switch cases, constants), each with mlir-opt's message and place.

func.func @icmp_bad_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'llvm.icmp' 'foo' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "foo" %a, %a : i32
  return
}

// -----

func.func @fcmp_icmp_predicate(%a: f32) {
  // expected-error @+1 {{custom op 'llvm.fcmp' 'slt' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.fcmp "slt" %a, %a : f32
  return
}

// -----

func.func @icmp_index(%a: index) {
  // expected-error @+1 {{custom op 'llvm.icmp' expected LLVM dialect-compatible type}}
  %0 = llvm.icmp "eq" %a, %a : index
  return
}

// -----

func.func @icmp_float(%a: f32) {
  // expected-error @+1 {{'llvm.icmp' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer or LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got 'f32'}}
  %0 = llvm.icmp "eq" %a, %a : f32
  return
}

// -----

func.func @alloca_trailing_type(%n: i64) {
  // expected-error @+1 {{custom op 'llvm.alloca' expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %n x i32 : (i64, i64) -> !llvm.ptr
  return
}

// -----

func.func @add_float(%a: f32) {
  // expected-error @+1 {{'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.add %a, %a : f32
  return
}

// -----

func.func @fadd_integer(%a: i32) {
  // expected-error @+1 {{'llvm.fadd' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.fadd %a, %a : i32
  return
}

// -----

func.func @gep_dynamic_struct_index(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{'llvm.getelementptr' op expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @gep_struct_out_of_bounds(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op index 1 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @gep_not_indexable(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op type 'i32' cannot be indexed (index #1)}}
  %0 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, i32
  return
}

// -----

func.func @load_atomic_no_alignment(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> i32
  return
}

// -----

func.func @load_release(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op unsupported ordering 'release'}}
  %0 = llvm.load %p atomic release {alignment = 4 : i64} : !llvm.ptr -> i32
  return
}

// -----

func.func @load_atomic_odd_width(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op unsupported type 'i7' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 1 : i64} : !llvm.ptr -> i7
  return
}

// -----

func.func @store_syncscope_not_atomic(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.store' op expected syncscope to be null for non-atomic access}}
  llvm.store %v, %p {syncscope = "agent"} : i32, !llvm.ptr
  return
}

// -----

func.func @store_acquire(%p: !llvm.ptr, %v: f32) {
  // expected-error @+1 {{'llvm.store' op unsupported ordering 'acquire'}}
  llvm.store %v, %p atomic acquire {alignment = 4 : i64} : f32, !llvm.ptr
  return
}

// -----

func.func @load_void(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.void'}}
  %0 = llvm.load %p : !llvm.ptr -> !llvm.void
  return
}

// -----

func.func @sext_narrower(%a: i64) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.sext %a : i64 to i32
  return
}

// -----

func.func @zext_vector_to_scalar(%a: vector<2xi32>) {
  // expected-error @+1 {{input type is a vector but output type is an integer}}
  %0 = llvm.zext %a : vector<2xi32> to i64
  return
}

// -----

func.func @zext_scalar_to_vector(%a: i32) {
  // expected-error @+1 {{input type is an integer but output type is a vector}}
  %0 = llvm.zext %a : i32 to vector<2xi64>
  return
}

// -----

func.func @sext_vector_lengths(%a: vector<2xi32>) {
  // expected-error @+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.sext %a : vector<2xi32> to vector<4xi64>
  return
}

// -----

func.func @bitcast_pointer_to_int(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.bitcast' op can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %p : !llvm.ptr to i64
  return
}

// -----

func.func @bitcast_address_spaces(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr<1>
  return
}

// -----

func.func @extractvalue_out_of_bounds(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+2 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  %0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @extractvalue_into_scalar(%s: !llvm.array<2 x i32>) {
  // expected-error @+2 {{custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'i32'}}
  %0 = llvm.extractvalue %s[0, 0] : !llvm.array<2 x i32>
  return
}

// -----

func.func @extractvalue_generic_mismatch(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'f32' but this op returns 'i32'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>) -> i32
  return
}

// -----

func.func @insertvalue_generic_mismatch(%s: !llvm.struct<(i32, f32)>, %v: i32) {
  // expected-error @+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'i32' into '!llvm.struct<(i32, f32)>'}}
  %0 = "llvm.insertvalue"(%s, %v) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @switch_case_count(%a: i32) {
  // expected-error @+1 {{'llvm.switch' op expects number of case values to match number of case destinations}}
  "llvm.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

func.func @switch_case_type(%a: i32) {
  // expected-error @+1 {{expects case value type to match condition value type}}
  "llvm.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

func.func @constant_string_size() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array type of 3 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("foo") : !llvm.array<4 x i8>
  return
}

// -----

func.func @constant_struct_element() {
  // expected-error @+1 {{'llvm.mlir.constant' op struct element at index 1 is of wrong type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @constant_struct_size() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute of size 2}}
  %0 = llvm.mlir.constant([1 : i32]) : !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @constant_integer_as_float() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = llvm.mlir.constant(1 : i32) : f32
  return
}

// -----

func.func @constant_float_semantics() {
  // expected-error @+1 {{'llvm.mlir.constant' op attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(1.0 : f64) : f32
  return
}

// -----

func.func @constant_float_as_integer() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected integer type of width 32}}
  %0 = llvm.mlir.constant(1.0 : f32) : i64
  return
}

// -----

func.func @constant_elements_count() {
  // expected-error @+1 {{'llvm.mlir.constant' op type and attribute have a different number of elements: 4 vs. 2}}
  %0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<4xi32>
  return
}

// -----

func.func @constant_elements_scalar() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected vector or array type}}
  %0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : i32
  return
}

// -----

func.func @constant_pointer_array() {
  // expected-error @+1 {{'llvm.mlir.constant' op for array with an array attribute must have a struct element type}}
  %0 = llvm.mlir.constant([1 : i64]) : !llvm.array<1 x !llvm.ptr>
  return
}

// -----

func.func @constant_unit() {
  // expected-error @+1 {{'llvm.mlir.constant' op only supports integer, float, string or elements attributes}}
  %0 = llvm.mlir.constant(unit) : i32
  return
}

// -----

func.func @undef_index() {
  // expected-error @+1 {{'llvm.mlir.undef' op result #0 must be LLVM dialect-compatible type, but got 'index'}}
  %0 = llvm.mlir.undef : index
  return
}

// -----

func.func @gep_inbounds_flag(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op 'inbounds_flag' cannot be used directly.}}
  %0 = llvm.getelementptr inbounds_flag %p[1] : (!llvm.ptr) -> !llvm.ptr, i8
  return
}

// -----

// expected-error @+1 {{'llvm.func' op functions cannot have 'common' linkage}}
llvm.func common @common_linkage() {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func internal @internal_declaration()

// -----

// expected-error @+1 {{failed to construct function type: expected zero or one function result}}
llvm.func @two_results() -> (i32, i32)

// -----

// expected-error @+1 {{failed to construct function type: expected LLVM type for function arguments}}
llvm.func @index_argument(index)

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @return_mismatch(%a: i64) -> i32 {
  // expected-error @+1 {{'llvm.return' op mismatching result types}}
  llvm.return %a : i64
}

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @return_missing() -> i32 {
  // expected-error @+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @return_extra(%a: i32) {
  // expected-error @+1 {{'llvm.return' op expected no operands}}
  llvm.return %a : i32
}

// -----

// expected-error @+1 {{type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
llvm.func @entry_block_mismatch(i32) {
^bb0(%a: i64):
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global internal @short_string("abcd") : !llvm.array<3 x i8>

// -----

// expected-error @+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @odd_alignment(0 : i32) {alignment = 3 : i64} : i32

// -----

// expected-error @+1 {{type can only be omitted for string globals}}
llvm.mlir.global internal @no_type(0 : i32)

// -----

func.func @addressof_undefined() {
  // expected-error @+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @missing : !llvm.ptr
  return
}

// -----

llvm.mlir.global internal @in_space_3(0 : i32) {addr_space = 3 : i32} : i32
func.func @addressof_address_space() {
  // expected-error @+1 {{'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias}}
  %0 = llvm.mlir.addressof @in_space_3 : !llvm.ptr
  return
}

// -----

llvm.func @takes_i32(i32) -> i32
llvm.func @wrong_operand_count() {
  // expected-error @+1 {{'llvm.call' op incorrect number of operands (0) for callee (expecting: 1)}}
  %0 = llvm.call @takes_i32() : () -> i32
  llvm.return
}

// -----

llvm.func @takes_i32(i32) -> i32
llvm.func @wrong_operand_type(%a: i64) {
  // expected-error @+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  %0 = llvm.call @takes_i32(%a) : (i64) -> i32
  llvm.return
}

// -----

llvm.func @undefined_callee() {
  // expected-error @+1 {{'llvm.call' op 'missing' does not reference a symbol in the current scope}}
  llvm.call @missing() : () -> ()
  llvm.return
}

// -----

llvm.func @returns_void()
llvm.func @void_with_result() {
  // expected-error @+1 {{'llvm.call' op calling function with void result must not produce values}}
  %0 = llvm.call @returns_void() : () -> i32
  llvm.return
}

// -----

llvm.func @two_call_results() {
  // expected-error @+1 {{expected function with 0 or 1 result}}
  %0:2 = llvm.call @f() : () -> (i32, i32)
  llvm.return
}

// -----

// What the custom form writes itself may not be written again in the
// dictionary: neither value wins, the first duplicate in sorted order is
// reported.
// expected-error @+1 {{custom op 'llvm.func' attribute 'arg_attrs' occurs more than once in the attribute list}}
llvm.func @func_duplicate(%arg0: i32 {llvm.noundef}) attributes {linkage = #llvm.linkage<internal>, arg_attrs = [{}]}

// -----

// expected-error @+1 {{custom op 'llvm.func' attribute 'function_type' occurs more than once in the attribute list}}
llvm.func @func_duplicate_type() attributes {function_type = !llvm.func<void (i32)>} {
  llvm.return
}

// -----

// expected-error @+1 {{custom op 'llvm.mlir.global' attribute 'sym_name' occurs more than once in the attribute list}}
llvm.mlir.global internal @global_duplicate(1 : i32) {addr_space = 0 : i32, sym_name = "h", alignment = 4 : i64} : i32
