// ARGS: --pass-pipeline=builtin.module(test-func-insert-arg,test-func-insert-result,test-func-erase-result,test-func-erase-arg)
// The passes one after the other: arguments and results inserted with
// the erase marks are erased again; the others stay.
func.func @f(%x: i32 {test.erase_this_arg}) -> i32 attributes {
    test.insert_args = [[0, i8, {test.erase_this_arg}], [1, i16, {test.keep}, loc("k")]]} {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func private @g(i32 {test.erase_this_arg}) -> (i1 {test.erase_this_result}) attributes {
    test.insert_args = [[1, index]],
    test.insert_results = [[1, i8, {test.erase_this_result}], [1, i16]]}
