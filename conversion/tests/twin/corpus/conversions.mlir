// Through --test-tconv-partial-conversion and --test-tconv-full-conversion
// (--split-input-file), under ods-opt's passes and their C++ twin.

// Every op converts: i16 values become i32 ones, the illegal ops go.
func.func @all_convert() {
  %0 = "tconv.make"() : () -> i16
  %1 = "tconv.make"() : () -> f32
  "tconv.use"(%0, %1) : (i16, f32) -> ()
  %2 = "tconv.replace"(%0) : (i16) -> i16
  "tconv.use"(%2) : (i16) -> ()
  return
}

// -----

// Folded before any pattern: tconv.fold of a value of its own type is
// its input.
func.func @folds(%arg0: i64) {
  %0 = "tconv.fold"(%arg0) : (i64) -> i64
  "tconv.use"(%0) : (i64) -> ()
  return
}

// -----

// tconv.opaque has no legality: a partial conversion keeps it, with a
// cast back to the i16 it expects; a full conversion fails on it.
func.func @opaque_user() {
  %0 = "tconv.make"() : () -> i16
  %1 = "tconv.opaque"(%0) : (i16) -> i16
  "tconv.use"(%1) : (i16) -> ()
  return
}

// -----

// An i16 function argument: func is legal, so its users see casts.
func.func @argument(%arg0: i16) -> i16 {
  "tconv.use"(%arg0) : (i16) -> ()
  %0 = "tconv.replace"(%arg0) : (i16) -> i16
  return %0 : i16
}

// -----

// Nested regions of an unknown op are converted too.
func.func @nested() {
  "tconv.opaque"() ({
    %0 = "tconv.make"() : () -> i16
    "tconv.use"(%0) : (i16) -> ()
  }) : () -> ()
  return
}
