// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Enum properties of the test dialect (EnumProp, DefaultValuedProp and
// OptionalProp of one): kept as integers of the enum's width; an integer
// that is no value of the enum fails the property's constraint (messages
// as mlir-tblgen generates them for test.ods).

"test.enum_props"() <{tier = 3 : i32, perms = 7 : i32, shape = 1 : i32}> : () -> ()
"test.enum_props"() <{tier = 0 : i32}> : () -> ()

// -----

// expected-error @+1 {{'test.enum_props' op property 'tier' failed to satisfy constraint: service tier}}
"test.enum_props"() <{tier = 2 : i32}> : () -> ()

// -----

// expected-error @+1 {{'test.enum_props' op property 'perms' failed to satisfy constraint: file permissions}}
"test.enum_props"() <{tier = 0 : i32, perms = 16 : i32}> : () -> ()

// -----

// expected-error @+1 {{'test.enum_props' op property 'shape' failed to satisfy constraint: optional a shape}}
"test.enum_props"() <{shape = 3 : i32}> : () -> ()
