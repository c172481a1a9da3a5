module {
  func.func @anonymous_public() {
    return
  }
  func.func private @anonymous_private() {
    return
  }
}
func.func private @top_private() {
  return
}
