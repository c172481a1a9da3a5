// llvm.range on arguments and results as LLVM's range(iN lo, hi) (signed,
// after the other attributes, on vectors of integers, the full range
// dropped), and llvm.mmra on memory ops and fences as !mmra metadata (a
// tag, arrays of one or several tags with repeats, an empty array
// nothing), numbered with the other metadata.
#m = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
#m2 = #llvm.mmra_tag<"foo":"bar">
#root = #llvm.tbaa_root<id = "r">
#int = #llvm.tbaa_type_desc<id = "int", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0>
llvm.func @f(%a: i32 {llvm.range = #llvm.constant_range<i32, 0, 12>},
             %p: !llvm.ptr,
             %b: i8 {llvm.range = #llvm.constant_range<i8, 0, 200>, llvm.noundef, llvm.zeroext},
             %v: vector<2xi64> {llvm.range = #llvm.constant_range<i64, -1, 5>},
             %full: i16 {llvm.range = #llvm.constant_range<i16, -1, -1>},
             %empty: i16 {llvm.range = #llvm.constant_range<i16, 0, 0>})
    -> (i32 {llvm.range = #llvm.constant_range<i32, -5, 127>, llvm.noundef}) {
  %0 = llvm.load %p {llvm.mmra = #m} : !llvm.ptr -> i32
  llvm.store %0, %p {llvm.mmra = [#m, #m2]} : i32, !llvm.ptr
  llvm.store %0, %p {llvm.mmra = [#m2, #m, #m2]} : i32, !llvm.ptr
  llvm.store %0, %p {llvm.mmra = [#m]} : i32, !llvm.ptr
  llvm.store %0, %p {llvm.mmra = []} : i32, !llvm.ptr
  %1 = llvm.load %p {tbaa = [#tag], llvm.mmra = #m2} : !llvm.ptr -> i32
  %2 = llvm.atomicrmw add %p, %1 monotonic {llvm.mmra = #m} : !llvm.ptr, i32
  %3 = llvm.cmpxchg %p, %0, %2 acq_rel monotonic {llvm.mmra = [#m2]} : !llvm.ptr, i32
  %4 = llvm.call @g(%0) {llvm.mmra = #m} : (i32) -> i32
  llvm.fence syncscope("agent") release {llvm.mmra = #m2}
  llvm.return %a : i32
}
llvm.func @g(i32 {llvm.range = #llvm.constant_range<i32, 1, 0>}) -> (i32 {llvm.range = #llvm.constant_range<i32, 0, 12>})
llvm.func @h() -> (i1 {llvm.range = #llvm.constant_range<i1, 0, 1>})
llvm.func @h2(i128 {llvm.range = #llvm.constant_range<i128, -1, 5>, llvm.signext, llvm.inreg}) -> (i128 {llvm.range = #llvm.constant_range<i128, 1, 170141183460469231731687303715884105727>})
