// ARGS: --test-func-insert-arg --split-input-file
// FunctionOpInterface::insertArguments: the type, the argument attributes
// and the entry block's arguments (with their locations) change together.

// Into a function with no arguments.
func.func @empty() attributes {test.insert_args = [[0, i8, {test.first}]]} {
  return
}

// -----

// Before, between and after existing arguments; the body's uses follow
// the renumbered block arguments.
func.func @around(%a: i16 {test.a}, %b: i32) -> (i16, i32) attributes {test.insert_args = [
    [0, i8, {test.lead}],
    [1, f32],
    [2, f64, {test.tail}, loc("tail")]]} {
  return %a, %b : i16, i32
}

// -----

// Equal indices keep the order they are listed in.
func.func @same_index(%x: index) attributes {test.insert_args = [
    [1, i1, {test.one}], [1, i2, {test.two}], [1, i3]]} {
  "test.use"(%x) : (index) -> ()
  return
}

// -----

// Only empty dictionaries: no argument attribute array is made.
func.func @no_attrs(%x: i32) attributes {test.insert_args = [[0, i1], [1, i64, {}]]} {
  return
}

// -----

// An existing array that only held empty dictionaries is dropped.
"func.func"() <{arg_attrs = [{}], function_type = (i32) -> (), sym_name = "was_empty"}> ({
^bb0(%x: i32):
  "func.return"() : () -> ()
}) {test.insert_args = [[0, i8]]} : () -> ()

// -----

// Declarations have no entry block: only the type and the attributes.
func.func private @decl(i32 {test.keep}) -> f32 attributes {test.insert_args = [[0, i1], [1, i64, {test.new}]]}
func.func private @decl_plain(i32) attributes {test.insert_args = [[1, memref<4xf32>]]}

// -----

// Several functions, with and without the attribute; it is removed, the
// other discardable attributes stay (an empty list is left alone).
func.func @untouched(%x: i32) {
  return
}
func.func @kept_attrs(%x: i32) attributes {test.insert_args = [[0, tensor<2xi8>, {test.t}]], test.other = 1 : i32} {
  cf.br ^bb1(%x : i32)
^bb1(%y: i32):
  return
}
func.func @empty_list() attributes {test.insert_args = []} {
  return
}

// -----

// llvm.func: its LLVM function type takes the new arguments.
llvm.func @llvm_def(%arg0: i32) -> i32 attributes {test.insert_args = [[1, i64, {test.A}, loc("new")]]} {
  llvm.return %arg0 : i32
}
llvm.func @llvm_decl(f32) -> i32 attributes {test.insert_args = [[0, !llvm.ptr]]}

// -----

// A void llvm.func: its type cannot be cloned (upstream's
// LLVMFunctionType::clone wants one result), so the pass fails.
llvm.func @llvm_void(%arg0: i32) attributes {test.insert_args = [[0, i64]]} {
  llvm.return
}

// -----

// The pass fails at the first function it cannot edit; the ones before
// were changed, but nothing is printed.
func.func private @first(i32) attributes {test.insert_args = [[0, i1]]}
llvm.func @second() attributes {test.insert_args = [[0, i1]]}
func.func private @third(i32) attributes {test.insert_args = [[0, i1]]}

// -----

// Functions in a nested module are not visited.
module @inner {
  func.func private @nested(i32) attributes {test.insert_args = [[0, i1]]}
}
func.func private @outer(i32) attributes {test.insert_args = [[0, i1]]}
