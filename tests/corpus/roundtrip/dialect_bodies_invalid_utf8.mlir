// Bytes that are not UTF-8 inside opaque and pretty dialect type and attribute bodies: kept as bytes.
// Found by differential fuzzing against mlir-opt.
"t.a"() {t = !foo<"xÿþy">, u = !foo.bar<"xÿþy">, v = #foo<"aÃ">, w = #foo.baz<"â˜">} : () -> ()
