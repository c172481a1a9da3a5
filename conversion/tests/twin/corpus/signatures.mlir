// Function signatures through --test-tconv-signature-partial-conversion
// and --test-tconv-signature-full-conversion (--split-input-file), under
// ods-opt's passes and their C++ twin: i16 becomes i32, f16 does not
// convert, a tuple becomes its converted elements (`tuple<>`: nothing).
// The argument and result attribute arrays follow upstream's
// `setFunctionType`: cut, padded with empty dictionaries or dropped when
// the number changes, kept as they are when it does not.

// 1:1: the types change, the attributes stay.
func.func @one_to_one(%a: i16 {tconv.a}, %b: f32 {tconv.b}) -> (i16 {tconv.r}) {
  "tconv.use"(%a, %b) : (i16, f32) -> ()
  return %a : i16
}

// -----

// 1:N: three arguments from two; the dictionaries keep their places and
// the new last argument gets an empty one.
func.func @split(%t: tuple<i32, i16> {tconv.t}, %x: i16 {tconv.x}) -> i16 {
  return %x : i16
}

// -----

// 1:0 and 1:1: one argument left, with the first dictionary.
func.func @drop(%e: tuple<> {tconv.e}, %x: i16 {tconv.x}) -> i16 {
  return %x : i16
}

// -----

// Nothing left: both arrays go.
func.func private @nothing_left(tuple<> {tconv.e}) -> (tuple<> {tconv.r})

// -----

// As many arguments as before: the array stays as it was.
func.func private @same_count(tuple<i16, i16> {tconv.t}, tuple<> {tconv.e})

// -----

// Results: a tuple result becomes two, the return returns its elements.
func.func @results(%t: tuple<i16, f32>) -> (tuple<i16, f32> {tconv.r}, i64) {
  %c = "tconv.make"() : () -> i64
  return %t, %c : tuple<i16, f32>, i64
}

// -----

// Nested tuples flatten; declarations convert too.
func.func private @nested(tuple<tuple<i16>, tuple<>, i8> {tconv.n}) -> tuple<i16, tuple<i16>>

// -----

// Padded with empty dictionaries only: the array goes.
"func.func"() <{arg_attrs = [{}, {}], function_type = (tuple<i32, i32>, i16) -> (), sym_name = "empties", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// A use the patterns do not convert: a partial conversion casts the new
// arguments back to the tuple; a full one fails on tconv.opaque.
func.func @opaque_use(%t: tuple<i32, i16>) {
  "tconv.opaque"(%t) : (tuple<i32, i16>) -> ()
  return
}

// -----

// f16 does not convert: the signature stays and the function is not
// legalized.
func.func @no_f16(%h: f16 {tconv.h}) -> i16 {
  %0 = "tconv.make"() : () -> i16
  return %0 : i16
}

// -----

// f16 inside a tuple does not convert either.
func.func private @no_f16_in_tuple(tuple<i16, f16>) -> i16

// -----

// Already legal: nothing changes.
func.func @legal(%a: i32 {tconv.a}) -> (i64 {tconv.r}) {
  %0 = "tconv.make"() : () -> i64
  return %0 : i64
}
