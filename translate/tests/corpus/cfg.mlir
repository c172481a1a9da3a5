// Control flow with blocks written out of dominance order, a diamond,
// a loop whose latch comes first in the text, a block reached from three
// places, and a conditional branch to one block twice with and without
// arguments: the `; preds = ` lists and phi operands follow LLVM's use
// lists.
llvm.func @diamond(%c: i1, %x: i32, %y: i32) -> i32 {
  llvm.cond_br %c, ^left, ^right
^join(%v: i32):
  %r = llvm.mul %v, %v : i32
  llvm.return %r : i32
^right:
  %b = llvm.sub %x, %y : i32
  llvm.br ^join(%b : i32)
^left:
  %a = llvm.add %x, %y : i32
  llvm.br ^join(%a : i32)
}

llvm.func @latch_first(%n: i64) -> i64 {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^head(%zero, %zero : i64, i64)
^latch(%i2: i64, %s2: i64):
  llvm.br ^head(%i2, %s2 : i64, i64)
^exit:
  llvm.return %one : i64
^head(%i: i64, %s: i64):
  %c = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %c, ^body, ^exit
^body:
  %s3 = llvm.add %s, %i : i64
  %i3 = llvm.add %i, %one : i64
  %odd = llvm.and %i, %one : i64
  %is_odd = llvm.icmp "ne" %odd, %zero : i64
  llvm.cond_br %is_odd, ^latch(%i3, %s3 : i64, i64), ^latch(%i3, %s : i64, i64)
}

llvm.func @three_ways(%k: i32, %c: i1) -> i32 {
  %a = llvm.mlir.constant(1 : i32) : i32
  %b = llvm.mlir.constant(2 : i32) : i32
  llvm.cond_br %c, ^mid, ^end(%a : i32)
^mid:
  llvm.switch %k : i32, ^end(%b : i32) [
    3: ^end(%k : i32),
    4: ^other
  ]
^other:
  llvm.cond_br %c, ^plain, ^plain
^plain:
  llvm.br ^end(%k : i32)
^end(%r: i32):
  llvm.return %r : i32
}
