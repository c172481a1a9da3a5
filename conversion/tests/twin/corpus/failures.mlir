// Through --test-tconv-partial-conversion and --test-tconv-full-conversion
// (--split-input-file): ops neither a fold nor a pattern makes legal fail
// both conversions, at the op, and the IR is left as it was.

// A fold that does not apply, and no pattern: the op stays illegal.
func.func @does_not_fold(%arg0: i64) {
  %0 = "tconv.fold"(%arg0) : (i64) -> i32
  "tconv.use"(%0) : (i32) -> ()
  return
}

// -----

// Explicitly illegal and no pattern: both conversions fail, and the IR
// is left as it was.
func.func @forbidden() {
  %0 = "tconv.make"() : () -> i16
  "tconv.forbidden"(%0) : (i16) -> ()
  return
}

// -----

// f16 does not convert: tconv.make of f16 stays illegal.
func.func @unconvertible() {
  %0 = "tconv.make"() : () -> f16
  return
}

