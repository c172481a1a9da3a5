// Integer and index types: signless, signed and unsigned, narrow to widest.
"t.signless"() {w0 = i0, w1 = i1, w2 = i2, w7 = i7, w8 = i8, w16 = i16, w32 = i32, w64 = i64, w128 = i128, w256 = i256, wmax = i16777215} : () -> ()
"t.signed"() {s1 = si1, s8 = si8, s16 = si16, s32 = si32, s64 = si64, s99 = si99} : () -> ()
"t.unsigned"() {u1 = ui1, u8 = ui8, u16 = ui16, u32 = ui32, u64 = ui64, u1024 = ui1024} : () -> ()
"t.index"() {i = index} : () -> ()
%0:4 = "t.values"() : () -> (i1, si8, ui64, index)
"t.use"(%0#0, %0#1, %0#2, %0#3) : (i1, si8, ui64, index) -> ()
