// ARGS: --test-func-erase-arg --split-input-file
// FunctionOpInterface::eraseArguments: the arguments whose dictionary has
// test.erase_this_arg go from the type, the attributes and the entry
// block.

func.func @only(%arg0: f32 {test.erase_this_arg}) {
  return
}

// -----

// First, middle, last and neighbouring arguments; the remaining uses are
// renumbered.
func.func @several(%a: f32 {test.erase_this_arg}, %b: i32 {test.B}, %c: i64 {test.erase_this_arg},
                   %d: i64 {test.erase_this_arg}, %e: index, %f: i1 {test.erase_this_arg, test.F}) -> (i32, index) {
  return %b, %e : i32, index
}

// -----

// What is left has only empty dictionaries: the array goes.
func.func @left_empty(%a: i32 {test.erase_this_arg}, %b: i32) -> i32 {
  return %b : i32
}

// -----

// Declarations, and functions with nothing to erase (left as they were,
// attributes included).
func.func private @decl(i32 {test.A}, f32 {test.erase_this_arg}, memref<2xf32> {test.C})
func.func private @nothing(i32 {test.A}) -> (i32 {test.R})
func.func @body_kept(%x: i32 {test.keep}) -> i32 {
  %0 = "test.op"(%x) : (i32) -> i32
  cf.br ^bb1(%0 : i32)
^bb1(%y: i32):
  return %y : i32
}

// -----

// llvm.func with a result.
llvm.func @llvm_def(%arg0: i32 {test.erase_this_arg}, %arg1: i64 {test.A}) -> i64 {
  llvm.return %arg1 : i64
}
llvm.func @llvm_decl(i32, !llvm.ptr {test.erase_this_arg}, ...) -> i32

// -----

// A void llvm.func's type cannot be cloned, even with nothing to erase:
// the pass fails there.
llvm.func @llvm_ret(%arg0: i32 {test.erase_this_arg}) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
llvm.func @llvm_void(i32)
