// ARGS: --mlir-print-debuginfo
// The aliases upstream's test dialect names, sanitized by the printer:
// strings it knows become `#test2Ealias`, `#test_alias0`, `#_0_test_alias`,
// `#_25test` and `#test_encoding` wherever they are printed (as an
// attribute, a tensor encoding, inside `#test.conditional_alias`); a tuple
// of `!test.smpla` and an unsigned 8-bit `!test.int` get the dialect's
// names, a long tuple of builtin types the builtin `!tuple`, also as the
// metadata of a fused location.

"test.probe"() {names = ["alias_test:prefixed_digit", "alias_test:trailing_digit", "not_an_alias"]} : () -> ()
"test.probe"() {dot = "alias_test:dot_in_name", sym = "alias_test:prefixed_symbol"} : () -> ()
%enc = "test.probe"() : () -> tensor<4x?xi8, "alias_test:tensor_encoding">
%few = "test.probe"() : () -> tuple<!test.smpla, !test.smpla>
%mixed = "test.probe"() : () -> tuple<!test.smpla, i1>
%ints:4 = "test.probe"() : () -> (!test.int<unsigned, 8>, !test.int<signed, 8>, !test.int<none, 3>, tensor<2x!test.int<unsigned, 8>>)
%wide = "test.probe"() : () -> tuple<f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16>
%narrow = "test.probe"() : () -> tuple<f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16>
"test.probe"() {self = #test.attr_with_self_type_param : !test.int<unsigned, 8>, bare = #test.attr_with_self_type_param} : () -> ()
"test.probe"() {c = [#test.conditional_alias<"alias_test:dot_in_name">, #test.conditional_alias<plain>, #test.conditional_alias<"two words">, #test.conditional_alias<"a.b$c">]} : () -> ()
"test.probe"() {at = loc(fused<tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>>["here.mlir":3:4])} : () -> ()
"test.probe"() {at = loc(fused<#test.conditional_alias<"alias_test:trailing_digit">>["there.mlir":5:6])} : () -> () loc(fused<#test.conditional_alias<"alias_test:trailing_digit">>["there.mlir":7:8])
