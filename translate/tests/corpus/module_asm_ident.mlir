// The module attributes `llvm.module_asm` (each string a `module asm`
// line; a newline inside starts another, quotes and backslashes escaped)
// and `llvm.ident` (`!llvm.ident`, numbered before the dependent
// libraries, the linker options and the module flags).
module attributes {llvm.dependent_libraries = ["m", "pthread"], llvm.ident = "ods version 1.2 \"beta\"", llvm.module_asm = ["foo", "bar \"q\" \\ x", "two\nlines\n", "", "tab\09end"]} {
  llvm.func @f() {
    llvm.return
  }
  llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
}
