module attributes {llvm.module_asm = "x"} {
}
