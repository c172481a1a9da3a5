// Two comdat regions naming one selector: upstream's translation refuses
// it at the second selector, without the op note.
llvm.comdat @a {
  llvm.comdat_selector @f any
}
llvm.comdat @b {
  llvm.comdat_selector @f largest
}
llvm.func @f() comdat(@a::@f) {
  llvm.return
}
