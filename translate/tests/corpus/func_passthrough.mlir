// llvm.func's passthrough list: keywords (enum attributes sorted with
// the properties' ones), strings with and without a value (a later one
// of the same key wins), integer keywords (alignstack, written one way
// in the group and another in the comment; allocsize with and without a
// count; uwtable; vscale_range; memory), values in hex, octal, binary or
// negative, and a value that is no integer (a string attribute).
llvm.func @my_allocator(i64) attributes {passthrough = [["allocsize", "4294967295"]]}
llvm.func @calloc_like(i64, i64) attributes {passthrough = [["allocsize", "1"]]}
llvm.func @words() attributes {passthrough = ["noinline", "null_pointer_is_valid", "nounwind", "cold", "hot", "noduplicate", "mustprogress"], no_unwind}
llvm.func @strings() attributes {passthrough = [["foo", "bar"], "baz", ["foo", "qux"], ["a", ""]]}
llvm.func @ints() attributes {passthrough = [["alignstack", "4"], ["uwtable", "1"], ["vscale_range", "4294967298"], ["memory", "0x1b"]]} {
  llvm.return
}
llvm.func @radix() attributes {passthrough = [["alignstack", "0x10"], ["uwtable", "0b10"], ["memory", "010"]]} {
  llvm.return
}
llvm.func @negative() attributes {passthrough = [["alignstack", "-4"]]}
llvm.func @not_int() attributes {passthrough = [["alignstack", "x"], ["uwtable", "sync"]]}
llvm.func @with_props() attributes {passthrough = [["alignstack", "8"], "noinline", ["frame-pointer", "none"]], frame_pointer = #llvm.framePointerKind<all>, memory_effects = #llvm.memory_effects<other = none, argMem = read, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>}
