// Loops written with branches and block arguments: a counted sum, a
// nested loop, an early exit, and recursion.
llvm.func @sum_to(%n: i32) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^head(%zero, %zero : i32, i32)
^head(%i: i32, %acc: i32):
  %done = llvm.icmp "sge" %i, %n : i32
  llvm.cond_br %done, ^exit, ^body
^body:
  %acc2 = llvm.add %acc, %i overflow<nsw> : i32
  %i2 = llvm.add %i, %one overflow<nsw, nuw> : i32
  llvm.br ^head(%i2, %acc2 : i32, i32)
^exit:
  llvm.return %acc : i32
}

llvm.func @triangle(%n: i64) -> i64 {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^outer(%zero, %zero : i64, i64)
^outer(%i: i64, %acc: i64):
  %c = llvm.icmp "ult" %i, %n : i64
  llvm.cond_br %c, ^inner(%zero, %acc : i64, i64), ^done
^inner(%j: i64, %a: i64):
  %cj = llvm.icmp "ule" %j, %i : i64
  llvm.cond_br %cj, ^step(%j, %a : i64, i64), ^next
^step(%jj: i64, %aa: i64):
  %prod = llvm.mul %jj, %i : i64
  %a2 = llvm.add %aa, %prod : i64
  %j2 = llvm.add %jj, %one : i64
  llvm.br ^inner(%j2, %a2 : i64, i64)
^next:
  %i2 = llvm.add %i, %one : i64
  llvm.br ^outer(%i2, %a : i64, i64)
^done:
  llvm.return %acc : i64
}

llvm.func @fact(%n: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %small = llvm.icmp "sle" %n, %one : i64
  llvm.cond_br %small, ^base, ^rec
^base:
  llvm.return %one : i64
^rec:
  %m = llvm.sub %n, %one : i64
  %r = llvm.call @fact(%m) : (i64) -> i64
  %p = llvm.mul %n, %r : i64
  llvm.return %p : i64
}

llvm.func @first_negative(%p: !llvm.ptr, %n: i32) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %none = llvm.mlir.constant(-1 : i32) : i32
  llvm.br ^loop(%zero : i32)
^loop(%i: i32):
  %in = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %in, ^check, ^exit(%none : i32)
^check:
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %v = llvm.load %q : !llvm.ptr -> i32
  %neg = llvm.icmp "slt" %v, %zero : i32
  %next = llvm.add %i, %one : i32
  llvm.cond_br %neg, ^exit(%i : i32), ^loop(%next : i32)
^exit(%r: i32):
  llvm.return %r : i32
}

llvm.func @classify(%x: i32) -> i32 {
  %a = llvm.mlir.constant(10 : i32) : i32
  %b = llvm.mlir.constant(20 : i32) : i32
  llvm.switch %x : i32, ^default [
    0: ^small(%a : i32),
    1: ^small(%b : i32),
    7: ^seven
  ]
^small(%v: i32):
  llvm.return %v : i32
^seven:
  llvm.return %x : i32
^default:
  %z = llvm.mlir.constant(-1 : i32) : i32
  llvm.return %z : i32
}

llvm.func @dead_block(%x: i32) -> i32 {
  llvm.return %x : i32
^unreached:
  llvm.return %x : i32
}
