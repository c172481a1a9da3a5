// ARGS: --convert-cf-to-llvm
// cf.assert splits its block: the failure path prints the message with
// puts and aborts; puts, abort and the message globals are declared at
// the start of the module (the second message gets a new name).

func.func @checks(%a: i32, %b: i32) -> i32 {
  %ok = arith.cmpi slt, %a, %b : i32
  cf.assert %ok, "a must be less than b"
  %s = arith.subi %b, %a : i32
  %pos = arith.cmpi sgt, %s, %a : i32
  cf.assert %pos, "difference too small"
  return %s : i32
}

func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  cf.br ^h(%c0 : index)
^h(%i: index):
  %t = arith.cmpi ult, %i, %n : index
  cf.assert %t, ""
  cf.cond_br %t, ^h(%i : index), ^x
^x:
  return
}
