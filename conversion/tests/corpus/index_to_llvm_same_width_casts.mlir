// ARGS: --convert-index-to-llvm
// Casts between index and an integer of its width are no ops: every one of
// them that reads the same value shares one cast back to index.
func.func @same_width(%a: i64, %b: i32) -> (index, index, index, index) {
  %0 = index.casts %a : i64 to index
  %1 = index.castu %a : i64 to index
  %2 = index.casts %b : i32 to index
  %3 = index.castu %a : i64 to index
  return %0, %1, %2, %3 : index, index, index, index
}

func.func @to_integer(%c: index) -> (i64, i64, i32) {
  %0 = index.casts %c : index to i64
  %1 = index.castu %c : index to i64
  %2 = index.castu %c : index to i32
  return %0, %1, %2 : i64, i64, i32
}
