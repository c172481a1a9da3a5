// f80/f128 values far outside f64's range, written in hex. Found by fuzzing (driver_roundtrip).
// NOT-FIXPOINT: mlir-opt prints these in decimal, and its parser reads decimal literals through f64, so they read back as 0; we do the same
"t.tiny"() {a = 0x1FFF0000000000000000000000000000 : f128, b = 0x00010000000000000000000000000000 : f128, c = 0x00000000000000000001 : f80, d = 0x00008000000000000001 : f80} : () -> ()
"t.huge"() {a = 0x7FFE0000000000000000000000000000 : f128, b = 0x7FFEFFFFFFFFFFFFFFFF : f80} : () -> ()
"t.in_range"() {a = 0x3FFF8000000000000000000000000000 : f128, b = 0x3FFFC000000000000000 : f80} : () -> ()
