// Bytes that are not UTF-8 in quoted attribute names, symbol names and location file names: kept as bytes.
// Found by differential fuzzing against mlir-opt.
"t.a"() {"a\F7b" = 1 : i32, "raw÷name" = 2 : i32} : () -> ()
"t.b"() {s = @"x\FFy", n = @"ok"::@"\C3\28"} : () -> ()
"t.c"() : () -> () loc("f÷.c":1:2)
