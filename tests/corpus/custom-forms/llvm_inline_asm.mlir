// llvm.inline_asm: with and without operands and results, each flag
// (side effects, stack alignment, tail call kinds, the asm dialect),
// operand attributes, escapes in the strings, and a discardable
// attribute.
llvm.func @asm(%a: i32, %p: !llvm.ptr, %x: f64) -> i32 {
  %0 = llvm.inline_asm "add $0, $1", "=r,r" %a : (i32) -> i32
  %1 = llvm.inline_asm has_side_effects is_align_stack asm_dialect = intel "nop", "" : () -> !llvm.struct<(i32, i32)>
  llvm.inline_asm has_side_effects tail_call_kind = <tail> "st \"x\"\09$0", "r" %a : (i32) -> ()
  %2 = llvm.inline_asm tail_call_kind = <notail> "sqrt $0, $1", "=x,x" %x : (f64) -> f64
  %3 = llvm.inline_asm asm_dialect = att "mov $0, $1", "=r,r" %p : (!llvm.ptr) -> i64
  llvm.inline_asm operand_attrs = [{elementtype = i32}, {}] "st $0, $1", "=*m,r" %p, %a : (!llvm.ptr, i32) -> ()
  llvm.inline_asm tail_call_kind = <none> "", "" : () -> ()
  %4 = llvm.inline_asm {note = "kept"} "mov $0, 7", "=r" : () -> i32
  llvm.return %0 : i32
}
