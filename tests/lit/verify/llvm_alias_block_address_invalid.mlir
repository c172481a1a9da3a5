// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Aliases, ifuncs, dso_local_equivalent, block addresses, block tags and
// indirect branches used wrongly: types, linkages, initializers,
// resolvers, referenced symbols, tags, successors and attribute syntax;
// each with mlir-opt's message and place.

// expected-error @+1 {{'llvm.mlir.alias' op expects type to be a valid element type for an LLVM global alias}}
llvm.mlir.alias external @a : !llvm.void {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op 'common' linkage not supported in aliases, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally}}
llvm.mlir.alias common @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op 'extern_weak' linkage not supported in aliases}}
llvm.mlir.alias extern_weak @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op initializer region must always return a pointer}}
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op initializer region must always return a pointer}}
llvm.mlir.alias external @a : i32 {
  llvm.return
}

// -----

llvm.mlir.alias external @a : i32 {
  // expected-error @+1 {{block with no terminator, has %0 = "llvm.mlir.zero"() : () -> !llvm.ptr}}
  %0 = llvm.mlir.zero : !llvm.ptr
}

// -----

// expected-error @+1 {{expected zero or one type}}
llvm.mlir.alias external @a : i32, i64 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @g() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op 'available_externally' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage}}
llvm.mlir.ifunc available_externally @f : !llvm.func<void ()>, !llvm.ptr @g

// -----

llvm.mlir.global external @g() : !llvm.ptr
// expected-error @+1 {{'llvm.mlir.ifunc' op must have a function resolver}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @g


// -----

llvm.func @g() -> !llvm.ptr
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must be a definition}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @g

// -----

llvm.func @g() -> i64 {
  %0 = llvm.mlir.constant(0 : i64) : i64
  llvm.return %0 : i64
}
llvm.mlir.alias external @ga : !llvm.ptr {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must return a pointer}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @ga

// -----

llvm.func @g() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op resolver has incorrect type}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @g {address_space = 1 : i32}

// -----

llvm.func @g() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// expected-error @+1 {{'llvm.mlir.ifunc' op attribute 'address_space' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
llvm.mlir.ifunc external @f : !llvm.func<void ()>, !llvm.ptr @g {address_space = -1 : i32}

// -----

llvm.mlir.global external @g() : i32
llvm.func @f() {
  // expected-error @+1 {{'llvm.dso_local_equivalent' op must reference a global defined by 'llvm.func' or 'llvm.mlir.alias'}}
  %0 = llvm.dso_local_equivalent @g : !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external @g() : i32
llvm.mlir.alias external @ga : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @f() {
  // expected-error @+1 {{'llvm.dso_local_equivalent' op must reference an alias to a function}}
  %0 = llvm.dso_local_equivalent @ga : !llvm.ptr
  llvm.return
}

// -----

llvm.func extern_weak @w()
llvm.func @f() {
  // expected-error @+1 {{'llvm.dso_local_equivalent' op target function with 'extern_weak' linkage not allowed}}
  %0 = llvm.dso_local_equivalent @w : !llvm.ptr
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error @+1 {{'llvm.dso_local_equivalent' op result #0 must be LLVM pointer type, but got 'i64'}}
  %0 = llvm.dso_local_equivalent @f : i64
  llvm.return
}

// -----

llvm.mlir.global external @g() {addr_space = 0 : i32} : i32
llvm.mlir.alias external @ga : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @f() {
  // expected-error @+1 {{'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias}}
  %0 = llvm.mlir.addressof @ga : !llvm.ptr<2>
  llvm.return
}

// -----

llvm.func @f() -> !llvm.ptr {
  // expected-error @+1 {{'llvm.blockaddress' op expects an existing block label target in the referenced function}}
  %0 = llvm.blockaddress <function = @f, tag = <id = 1>> : !llvm.ptr
  llvm.br ^bb1
^bb1:
  llvm.blocktag <id = 0>
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.mlir.global external @h() : i32
llvm.func @f() -> !llvm.ptr {
  // expected-error @+1 {{'llvm.blockaddress' op expects an existing block label target in the referenced function}}
  %0 = llvm.blockaddress <function = @h, tag = <id = 0>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.func @f() {
  llvm.br ^bb1
^bb1:
  llvm.blocktag <id = 1>
  llvm.br ^bb2
^bb2:
  // expected-error @+1 {{duplicate block tag '1' in the same function: }}
  llvm.blocktag <id = 1>
  llvm.return
}

// -----

llvm.func @f(%a: i32) {
  // expected-error @+1 {{expected ','}}
  llvm.indirectbr %a : i32, []
}

// -----

llvm.func @f(%p: !llvm.ptr, %a: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  llvm.indirectbr %p : !llvm.ptr, [
    ^bb1(%a : i64)
  ]
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr, %a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  llvm.indirectbr %p : !llvm.ptr, [
    ^bb1(%a : i32)
  ]
^bb1:
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{expected '['}}
  llvm.indirectbr %p : !llvm.ptr, ^bb1
^bb1:
  llvm.return
}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse LLVM_BlockAddressAttr parameter 'function' which is to be a `FlatSymbolRefAttr`}}
module attributes {llvm.a = #llvm.blockaddress<function = "f", tag = <id = 3>>} {}

// -----

// expected-error @+2 {{expected '<'}}
// expected-error @+1 {{failed to parse LLVM_BlockAddressAttr parameter 'tag' which is to be a `BlockTagAttr`}}
module attributes {llvm.a = #llvm.blockaddress<function = @f, tag = 3>} {}

// -----

// expected-error @+2 {{integer value too large}}
// expected-error @+1 {{failed to parse LLVM_BlockTagAttr parameter 'id' which is to be a `uint32_t`}}
module attributes {llvm.a = #llvm.blocktag<id = 4294967296>} {}

// -----

// expected-error @+2 {{expected attribute value}}
// expected-error @+1 {{failed to parse LLVM_DSOLocalEquivalentAttr parameter 'sym' which is to be a `FlatSymbolRefAttr`}}
module attributes {llvm.a = #llvm.dso_local_equivalent<@f>} {}

// -----

llvm.mlir.global external @g() : i32
llvm.func @f() {
  // expected-error @+1 {{'llvm.call' op 'g' does not reference a valid LLVM function or IFunc}}
  llvm.call @g() : () -> ()
  llvm.return
}

// -----

llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc external @i : !llvm.func<f32 (i64)>, !llvm.ptr @r
llvm.func @f(%a: i32) {
  // expected-error @+1 {{'llvm.call' op operand type mismatch for operand 0: 'i32' != 'i64'}}
  %0 = llvm.call @i(%a) : (i32) -> f32
  llvm.return
}
