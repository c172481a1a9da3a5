// Counts the residues mod 3 of 0..29 with a loop whose branches carry
// branch weights (`!prof`), the latch a loop annotation too, a switch
// with weights, and a function entry count; prints the counts.
module {
  llvm.mlir.global private constant @fmt("mod3: %d %d %d\0A\00") {addr_space = 0 : i32}
  llvm.func @printf(!llvm.ptr, ...) -> i32

  llvm.func @main() -> i32 attributes {function_entry_count = 1 : i64} {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %three = llvm.mlir.constant(3 : i32) : i32
    %n = llvm.mlir.constant(30 : i32) : i32
    llvm.br ^loop(%zero, %zero, %zero, %zero : i32, i32, i32, i32)
  ^loop(%i: i32, %a: i32, %b: i32, %c: i32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more weights([30, 1]), ^body, ^done(%a, %b, %c : i32, i32, i32)
  ^body:
    %r = llvm.srem %i, %three : i32
    %i2 = llvm.add %i, %one : i32
    llvm.switch %r : i32, ^two [
      0: ^zero,
      1: ^one
    ] {branch_weights = array<i32: 10, 10, 10>}
  ^zero:
    %a2 = llvm.add %a, %one : i32
    llvm.br ^loop(%i2, %a2, %b, %c : i32, i32, i32, i32)
  ^one:
    %b2 = llvm.add %b, %one : i32
    llvm.br ^loop(%i2, %a, %b2, %c : i32, i32, i32, i32)
  ^two:
    %c2 = llvm.add %c, %one : i32
    %last = llvm.icmp "sge" %i2, %n : i32
    llvm.cond_br %last weights([1, 9]), ^done(%a, %b, %c2 : i32, i32, i32), ^loop(%i2, %a, %b, %c2 : i32, i32, i32, i32) {loop_annotation = #llvm.loop_annotation<mustProgress = true>}
  ^done(%fa: i32, %fb: i32, %fc: i32):
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %s = llvm.call @printf(%f, %fa, %fb, %fc) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    llvm.return %zero : i32
  }
}
