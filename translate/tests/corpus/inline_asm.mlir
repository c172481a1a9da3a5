// Inline assembly: results of scalar and struct types, no result, the
// sideeffect / alignstack / inteldialect words, tail and notail calls,
// and the escapes LLVM writes in the asm and constraint strings.
llvm.func @asm(%a: i32, %p: !llvm.ptr, %x: f64) -> i32 {
  %0 = llvm.inline_asm "add $0, $1", "=r,r" %a : (i32) -> i32
  %1 = llvm.inline_asm has_side_effects is_align_stack asm_dialect = intel "nop", "" : () -> !llvm.struct<(i32, i32)>
  llvm.inline_asm has_side_effects tail_call_kind = <tail> "st \"x\"\09$0", "r" %a : (i32) -> ()
  %2 = llvm.inline_asm tail_call_kind = <notail> "sqrt $0, $1", "=x,x" %x : (f64) -> f64
  %3 = llvm.inline_asm asm_dialect = att "mov $0, $1", "=r,r" %p : (!llvm.ptr) -> i64
  %4 = llvm.inline_asm "mov $0, 7", "=r" : () -> i32
  %5 = llvm.add %0, %4 : i32
  llvm.return %5 : i32
}
