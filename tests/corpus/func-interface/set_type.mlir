// ARGS: --test-func-set-type --split-input-file
// FunctionOpInterface::setType: the function takes the type of the
// function test.set_type_from names; when the number of arguments
// (results) changes, their attributes are cut to the first ones, padded
// with empty dictionaries, or dropped with none left.

func.func private @t(f32)
func.func private @fewer_args(%arg0: f32 {test.A}, %arg1: f32 {test.B}) attributes {test.set_type_from = @t}

// -----

func.func private @fewer_results(f32) -> (f32 {test.A}, f32 {test.B}) attributes {test.set_type_from = @t}
func.func private @t(f32) -> f32

// -----

// More arguments and results: padded; none: dropped; the same number:
// kept as they are, whatever the types.
func.func private @more(f32 {test.A}) -> (i1 {test.R}) attributes {test.set_type_from = @big}
func.func private @to_none(f32 {test.A}) -> (i1 {test.R}) attributes {test.set_type_from = @empty}
func.func private @same(i8 {test.A}, i16) -> (i1 {test.R}) attributes {test.set_type_from = @big2}
func.func private @big(f32, f32, i32) -> (i1, i2)
func.func private @big2(f32, tensor<4xf32>) -> index
func.func private @empty()

// -----

// A function that names itself keeps its type; other functions without
// the attribute are left alone.
func.func private @self(i32 {test.A}) attributes {test.set_type_from = @self}
func.func private @other(i64 {test.A})

// -----

// llvm.func takes the type of another llvm.func.
llvm.func @llvm_from(i32, i64) -> i32
llvm.func @llvm_to(f32 {test.A}) -> (i32 {test.R}) attributes {test.set_type_from = @llvm_from}

// -----

// The entry block does not follow: the verifier reports the definition
// after the pass.
func.func private @t2(i32, i32)
func.func @def(%x: i32 {test.A}) attributes {test.set_type_from = @t2} {
  return
}

// -----

// llvm.func: the verifier reports its entry block too.
llvm.func @llvm_def(%a: i32) -> i32 attributes {test.set_type_from = @llvm_g} {
  llvm.return %a : i32
}
llvm.func @llvm_g(i32, i64) -> i32
