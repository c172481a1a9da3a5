// ARGS: --test-func-erase-result --split-input-file
// FunctionOpInterface::eraseResults: the results whose dictionary has
// test.erase_this_result go from the type and the attributes.

func.func private @only() -> (f32 {test.erase_this_result})

// -----

func.func private @several(i32) -> (
  f32 {test.erase_this_result},
  i8 {test.A},
  f32 {test.erase_this_result},
  f32 {test.erase_this_result},
  tensor<3xf32>,
  i1 {test.erase_this_result, test.B},
  index {test.C})

// -----

// Only empty dictionaries left: the array goes; a function with nothing
// to erase is left as it was.
func.func private @left_empty() -> (i32 {test.erase_this_result}, i64)
func.func private @nothing() -> (i32 {test.R}, i64)

// -----

// A definition: its terminator still returns the old results, which the
// verifier then reports after the pass.
func.func @def() -> (i32 {test.erase_this_result}) {
  %0 = arith.constant 0 : i32
  return %0 : i32
}

// -----

// llvm.func: erasing its one result leaves none, which its type cannot
// hold, so the pass fails; so does a void function (none to keep).
llvm.func @llvm_one() -> (i32 {test.erase_this_result})

// -----

llvm.func @llvm_kept() -> (i32 {test.R})
llvm.func @llvm_void(i32)
