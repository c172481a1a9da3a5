// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// The test dialect's enum attributes (#test<shape ...>, #test.perms<...>,
// #test<mode ...>): valid spellings parse and verify; bad bodies are parse
// errors with the messages mlir-tblgen generates for test.ods (see
// dialects/tests/test_dialect_enum_attrs.rs); a wrong kind fails the op's
// attribute constraint.

"test.dialect_enum_attrs"() <{shape = #test<shape circle>, perms = #test.perms<write|read>, mode = #test<mode "exec">}> : () -> ()
"test.dialect_enum_attrs"() <{shape = #test<shape "triangle">, perms = #test<perms<none>>}> : () -> ()

// -----

// expected-error @+2 {{expected crate::test_dialect::Shape to be one of: circle, square, triangle}}
// expected-error @+1 {{failed to parse Test_ShapeAttr parameter 'value' which is to be a `crate::test_dialect::Shape`}}
"test.dialect_enum_attrs"() <{shape = #test<shape oval>}> : () -> ()

// -----

// expected-error @+2 {{expected crate::test_dialect::Perms to be one of: none, read, write, exec, rwx}}
// expected-error @+1 {{failed to parse Test_PermsAttr parameter 'value'}}
"test.dialect_enum_attrs"() <{shape = #test<shape circle>, perms = #test.perms<read|all>}> : () -> ()

// -----

// expected-error @+1 {{expected '>'}}
"test.dialect_enum_attrs"() <{shape = #test<shape circle>, perms = #test.perms<read,write>}> : () -> ()

// -----

// expected-error @+2 {{expected valid keyword or string}}
// expected-error @+1 {{failed to parse Test_ModeAttr parameter 'value'}}
"test.dialect_enum_attrs"() <{shape = #test<shape circle>, mode = #test.mode<read>}> : () -> ()

// -----

// expected-error @+1 {{unknown attribute `color` in dialect `test`}}
"test.dialect_enum_attrs"() <{shape = #test.color<red>}> : () -> ()

// -----

// expected-error @+1 {{invalid properties {shape = #test.perms<read>} for op test.dialect_enum_attrs: Invalid attribute `shape` in property conversion: #test.perms<read>}}
"test.dialect_enum_attrs"() <{shape = #test.perms<read>}> : () -> ()

// -----

// expected-error @+1 {{'test.dialect_enum_attrs' op attribute 'shape' failed to satisfy constraint: a shape}}
"test.dialect_enum_attrs"() {shape = #test.perms<read>} : () -> ()

// -----

// expected-error @+1 {{invalid properties {perms = #test<mode read>, shape = #test<shape square>} for op test.dialect_enum_attrs: Invalid attribute `perms` in property conversion: #test<mode read>}}
"test.dialect_enum_attrs"() <{shape = #test<shape square>, perms = #test<mode read>}> : () -> ()

// -----

// expected-error @+1 {{'test.dialect_enum_attrs' op attribute 'perms' failed to satisfy constraint: file permissions}}
"test.dialect_enum_attrs"() {shape = #test<shape square>, perms = #test<mode read>} : () -> ()
