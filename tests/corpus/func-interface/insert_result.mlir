// ARGS: --test-func-insert-result --split-input-file
// FunctionOpInterface::insertResults: the type and the result attributes
// change together; the body is the caller's to update.

func.func private @none() attributes {test.insert_results = [[0, f32, {test.A}]]}

// -----

// Before, between and after existing results, with and without
// dictionaries; equal indices keep their order.
func.func private @around() -> (i16 {test.a}, i32) attributes {test.insert_results = [
    [0, i8, {test.lead}],
    [1, f32],
    [1, f16, {test.mid}],
    [2, f64, {test.tail}]]}

// -----

// Only empty dictionaries: no result attribute array.
func.func private @plain(i32) -> i32 attributes {test.insert_results = [[0, i1], [1, index, {}]]}

// -----

// An array of empty dictionaries only is dropped; one result keeps its
// dictionary.
"func.func"() <{function_type = () -> (i32, i64), res_attrs = [{}, {}], sym_name = "was_empty", sym_visibility = "private"}> ({
}) {test.insert_results = [[2, i8]]} : () -> ()
"func.func"() <{function_type = () -> i32, res_attrs = [{test.r}], sym_name = "kept", sym_visibility = "private"}> ({
}) {test.insert_results = [[0, i8]]} : () -> ()

// -----

// A definition: its terminator still returns the old results, which the
// verifier then reports after the pass.
func.func @def(%x: i32) -> i32 attributes {test.insert_results = [[1, i64]]} {
  return %x : i32
}

// -----

// llvm.func: a void function takes one result; one with a result cannot
// take another.
llvm.func @llvm_void(i32) attributes {test.insert_results = [[0, i32, {test.R}]]}

// -----

llvm.func @llvm_one(i32) -> i32 attributes {test.insert_results = [[1, i64]]}
