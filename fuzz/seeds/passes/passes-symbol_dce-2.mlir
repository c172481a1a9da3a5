module @visible {
  func.func @stays() {
    return
  }
  func.func private @goes() {
    return
  }
}
module @hidden attributes {sym_visibility = "private"} {
  func.func @referenced() {
    return
  }
  func.func @not_referenced() {
    return
  }
}
module @hidden_unused attributes {sym_visibility = "private"} {
  func.func @f() {
    return
  }
}
func.func @entry() attributes {uses = [@hidden::@referenced]} {
  return
}
