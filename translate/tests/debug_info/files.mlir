// Locations in other files than their function's: a lexical block file
// scope for each (compared by path), none for a function without a
// file location; fused and name locations by their first file.
module {
  llvm.func @f(%a: i32) -> i32 {
    %0 = llvm.add %a, %a : i32 loc("x.c":2:2)
    %1 = llvm.add %0, %a : i32 loc("a/x.c":3:3)
    %2 = llvm.add %1, %a : i32 loc(fused["a/x.c":4:4, "g.c":5:5])
    %3 = llvm.add %2, %a : i32 loc(fused["g.c":6:6, "a/x.c":7:7])
    %4 = llvm.add %3, %a : i32 loc("n"("g.c":8:8))
    %5 = llvm.add %4, %a : i32 loc(unknown)
    %6 = llvm.add %5, %a : i32 loc(callsite("h.c":1:1 at "g.c":9:9))
    llvm.return %6 : i32 loc("a/x.c":10:10)
  } loc("a/x.c":1:1)
  llvm.func @g(%a: i32) -> i32 {
    %0 = llvm.add %a, %a : i32 loc("x.c":2:2)
    llvm.return %0 : i32 loc("a/x.c":10:10)
  } loc(fused["q.c":1:1, "a/x.c":1:1])
}
