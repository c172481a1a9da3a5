// A selector outside a comdat region reads and verifies, but upstream's
// translation has none for it.
llvm.comdat_selector @flat any
llvm.func @f() comdat(@flat) {
  llvm.return
}
