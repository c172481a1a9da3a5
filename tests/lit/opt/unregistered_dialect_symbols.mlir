// RUN: ods-opt %s --split-input-file --verify-diagnostics
// RUN: not ods-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=AT
// RUN: ods-opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=ALLOWED

// Types and attributes of a dialect nobody registered are refused unless
// --allow-unregistered-dialect is given, as ops of such a dialect are:
// mlir-opt 22 makes the check when it creates the opaque type or
// attribute, so it holds for the pretty form `!dialect.name<...>` (the
// error at the name, after the dot), the `!dialect<...>` form (at the
// `!` or `#`), nested in a builtin type, in an alias definition, and in
// the generic form. The attribute's message shows its type (`none` when
// none is written). With the flag, each is kept and printed as written.

// expected-error@+1 {{`!"foo"<"bar">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @pretty_type(%a: !foo.bar) { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:33: error: `!"foo"<"bar">` type created
// ALLOWED: func.func @pretty_type(%arg0: !foo.bar)

// -----

// expected-error@+1 {{`!"foo"<"bar<x, 1>">` type created with unregistered dialect}}
func.func @pretty_type_with_body(%a: !foo.bar<x, 1>) { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:43: error: `!"foo"<"bar<x, 1>">` type created
// ALLOWED: func.func @pretty_type_with_body(%arg0: !foo.bar<x, 1>)

// -----

// expected-error@+1 {{`!"foo"<""bar"">` type created with unregistered dialect}}
func.func @opaque_type(%a: !foo<"bar">) { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:28: error: `!"foo"<""bar"">` type created
// ALLOWED: func.func @opaque_type(%arg0: !foo<"bar">)

// -----

// expected-error@+1 {{`!"foo"<"bar">` type created with unregistered dialect}}
func.func @nested_type(%a: tensor<4x!foo.bar>) { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:42: error: `!"foo"<"bar">` type created
// ALLOWED: func.func @nested_type(%arg0: tensor<4x!foo.bar>)

// -----

// expected-error@+1 {{`!"foo"<"bar">` type created with unregistered dialect}}
!alias = !foo.bar
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:15: error: `!"foo"<"bar">` type created
func.func @type_alias(%a: !alias) { return }
// ALLOWED: func.func @type_alias(%arg0: !foo.bar)

// -----

// expected-error@+1 {{`!"foo"<"bar">` type created with unregistered dialect}}
"func.func"() <{function_type = (!foo.bar) -> (), sym_name = "generic"}> ({
^bb0(%a: !foo.bar):
  "func.return"() : () -> ()
}) : () -> ()
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 4]]:39: error: `!"foo"<"bar">` type created
// ALLOWED: func.func @generic(%arg0: !foo.bar)

// -----

// expected-error@+1 {{#"foo"<"bar"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @pretty_attr() attributes {x = #foo.bar} { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:47: error: #"foo"<"bar"> : 'none' attribute created
// ALLOWED: func.func @pretty_attr() attributes {x = #foo.bar}

// -----

// expected-error@+1 {{#"foo"<"bar<"q">"> : 'tensor<2xi32>' attribute created with unregistered dialect}}
func.func @typed_attr() attributes {x = #foo.bar<"q"> : tensor<2xi32>} { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:46: error: #"foo"<"bar<"q">"> : 'tensor<2xi32>' attribute created
// ALLOWED: func.func @typed_attr() attributes {x = #foo.bar<"q"> : tensor<2xi32>}

// -----

// expected-error@+1 {{#"foo"<"bar baz"> : 'none' attribute created with unregistered dialect}}
func.func @opaque_attr() attributes {x = #foo<bar baz>} { return }
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:42: error: #"foo"<"bar baz"> : 'none' attribute created
// ALLOWED: func.func @opaque_attr() attributes {x = #foo<bar baz>}

// -----

// expected-error@+1 {{#"foo"<"bar"> : 'none' attribute created with unregistered dialect}}
#alias = #foo.bar
// AT: unregistered_dialect_symbols.mlir:[[# @LINE - 1]]:15: error: #"foo"<"bar"> : 'none' attribute created
func.func @attr_alias() attributes {x = [1, #alias]} { return }
// ALLOWED: func.func @attr_alias() attributes {x = [1, #foo.bar]}
