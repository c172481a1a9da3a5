// Line tables of a module without a location: the unit on "<unknown>",
// a declaration and a definition, file, name, unknown, fused and call-site
// locations (one nested two calls deep), block arguments with locations.
module {
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.func @count(%n: i64, %p: !llvm.ptr) -> i64 {
    %c0 = llvm.mlir.constant(0 : i64) : i64 loc("count.c":2:3)
    %c1 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^loop(%c0 : i64) loc("count.c":3:5)
  ^loop(%i: i64 loc("count.c":4:7)):
    %done = llvm.icmp "sge" %i, %n : i64 loc(fused["count.c":5:1, "count.c":5:9])
    llvm.cond_br %done, ^exit, ^body loc(fused["count.c":6:1, "count.c":7:2])
  ^body:
    %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32 loc(callsite("lib/puts.h":10:4 at "count.c":8:3))
    %next = llvm.add %i, %c1 : i64 loc(callsite(callsite("inner.h":1:2 at "lib/outer.h":20:5) at "count.c":9:4))
    %w = llvm.mul %next, %next : i64 loc("named"("count.c":10:6))
    llvm.br ^loop(%next : i64) loc(unknown)
  ^exit:
    llvm.return %i : i64 loc(fused["count.c":11:3, callsite("lib/puts.h":12:1 at "count.c":11:3)])
  } loc("count.c":1:1)
}
