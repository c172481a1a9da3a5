// RUN: ods-opt %s --verify-diagnostics --split-input-file
// The LLVM dialect's checks of its attributes on function arguments and
// results (`llvm.func` and `func.func` alike): the kind of value each
// attribute takes, the kind of parameter it belongs to when the type is
// LLVM's, and the attributes a result may not carry.

// expected-error @below {{"llvm.nonnull" attribute attached to non-pointer LLVM type}}
llvm.func @nonnull_on_float(f64 {llvm.nonnull})

// -----

// expected-error @below {{"llvm.readnone" should be a unit attribute}}
llvm.func @readnone_valued(!llvm.ptr {llvm.readnone = 0 : i8})

// -----

// expected-error @below {{"llvm.elementtype" should be a type attribute}}
llvm.func @elementtype_not_type(!llvm.ptr {llvm.elementtype = "i8"})

// -----

// expected-error @below {{"llvm.preallocated" attribute attached to non-pointer LLVM type}}
llvm.func @preallocated_on_vector(vector<4xi32> {llvm.preallocated = i32})

// -----

// expected-error @below {{"llvm.zeroext" attribute attached to non-integer LLVM type}}
llvm.func @zeroext_on_pointer(%p: !llvm.ptr {llvm.zeroext}) {
  llvm.return
}

// -----

// expected-error @below {{"llvm.dereferenceable" should be an integer attribute}}
llvm.func @dereferenceable_float(!llvm.ptr {llvm.dereferenceable = 8.0 : f32})

// -----

// The first attribute of the dictionary (sorted by name) is checked first.
// expected-error @below {{"llvm.align" should be an integer attribute}}
llvm.func @two_wrong(!llvm.ptr {llvm.nonnull = 1, llvm.align = "8"})

// -----

// expected-error @below {{"llvm.inreg" should be a unit attribute}}
llvm.func @inreg_valued(i16 {llvm.inreg = 1 : i16})

// -----

// A builtin function's arguments are checked as well.
// expected-error @below {{"llvm.signext" attribute attached to non-integer LLVM type}}
func.func private @builtin_func(f16 {llvm.signext})

// -----

// expected-error @below {{"llvm.noalias" should be a unit attribute}}
func.func private @builtin_func_memref(memref<8xf32> {llvm.noalias = 1 : i32})

// -----

// expected-error @below {{"llvm.sret" is not a valid result attribute}}
llvm.func @sret_result() -> (!llvm.ptr {llvm.sret = i32})

// -----

// expected-error @below {{"llvm.returned" is not a valid result attribute}}
func.func private @returned_result() -> (i64 {llvm.returned})

// -----

// expected-error @below {{"llvm.zeroext" attribute attached to non-integer LLVM type}}
llvm.func @zeroext_result() -> (f32 {llvm.zeroext})

// -----

// A void function has no result to carry attributes.
// expected-error @below {{'llvm.func' op expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0}}
llvm.func @void_result() -> (!llvm.void {llvm.inreg})

// -----

// expected-error @below {{'llvm.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2}}
"llvm.func"() ({}) {sym_name = "short_arg_attrs", function_type = !llvm.func<void (i32, i32)>, arg_attrs = [{}]} : () -> ()

// -----

// A struct holding a type LLVM lacks is no LLVM parameter type.
// expected-error @below {{failed to construct function type: expected LLVM type for function arguments}}
llvm.func @struct_with_memref(!llvm.struct<(i32, memref<2xf32>)>)
