// #llvm.constant_range as llvm.range on arguments and results (bounds
// read at the width, printed signed, any integer type's width), and
// #llvm.mmra_tag alone or in arrays as llvm.mmra on memory ops and
// elsewhere (aliased as #mmra_tag, #mmra_tag1, ...).
#m = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
#m2 = #llvm.mmra_tag<"foo":"bar">
llvm.func @ranges(%a: i32 {llvm.range = #llvm.constant_range<i32, 0, 12>},
                  %b: i8 {llvm.range = #llvm.constant_range<i8, 0, 200>, llvm.noundef},
                  %c: i1 {llvm.range = #llvm.constant_range<i1, 1, 0>},
                  %d: i128 {llvm.range = #llvm.constant_range<i128, -1, 170141183460469231731687303715884105727>},
                  %e: i64 {llvm.range = #llvm.constant_range<ui64, 0x10, -0>},
                  %f: vector<2xi16> {llvm.range = #llvm.constant_range<si16, 300, true>},
                  %g: i256 {llvm.range = #llvm.constant_range<i256, -5, 0xFF>},
                  %h: i0 {llvm.range = #llvm.constant_range<i0, 3, -3>})
    -> (i32 {llvm.range = #llvm.constant_range<i32, -5, 127>}) {
  llvm.return %a : i32
}
llvm.func @decl(i8 {llvm.range = #llvm.constant_range<i8, 300, -129>}) -> (i16 {llvm.range = #llvm.constant_range<i16, 1, 1>})
func.func private @builtin(i32 {llvm.range = #llvm.constant_range<i32, 5, 5>}) -> (f32 {llvm.range = #llvm.constant_range<i32, -1, -1>})
llvm.func @mmra(%p: !llvm.ptr, %v: i32) {
  %0 = llvm.load %p {llvm.mmra = #m} : !llvm.ptr -> i32
  llvm.store %0, %p {llvm.mmra = [#m, #m2]} : i32, !llvm.ptr
  llvm.store %v, %p {llvm.mmra = []} : i32, !llvm.ptr
  %1 = llvm.atomicrmw add %p, %v monotonic {llvm.mmra = [#llvm.mmra_tag<"a":"">]} : !llvm.ptr, i32
  llvm.fence syncscope("agent") release {llvm.mmra = #llvm.mmra_tag<"":"">}
  %2 = llvm.add %0, %1 {llvm.mmra = 3} : i32
  llvm.return
}
"test.op"() {range = #llvm.constant_range<i4, 7, 8>, tags = [#llvm.mmra_tag<"x\"y":"\0A">]} : () -> ()
