// RUN: ods-opt %s --verify-diagnostics --split-input-file
// Types and attributes of registered dialects that read none of their
// own, and a registered op without a custom form written in custom form;
// each with mlir-opt's message and place.

// expected-error @+1 {{dialect 'func' provides no type parsing hook}}
func.func @pretty_type(%a: !func.bar)

// -----

// expected-error @+1 {{dialect 'func' provides no type parsing hook}}
func.func @opaque_type(%a: !func<"bar">)

// -----

// expected-error @+1 {{dialect 'func' provides no attribute parsing hook}}
func.func @pretty_attr() attributes {x = #func.bar}

// -----

// expected-error @+1 {{dialect 'func' provides no attribute parsing hook}}
func.func @opaque_attr() attributes {x = #func<"bar">}

// -----

// expected-error @+1 {{dialect 'cf' provides no attribute parsing hook}}
func.func @typed_attr() attributes {x = #cf.bar<1> : i32}

// -----

llvm.func @no_custom_form(%p: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.intr.threadlocal.address' has no custom assembly form}}
  %0 = llvm.intr.threadlocal.address %p
  llvm.return
}
