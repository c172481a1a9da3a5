memref.global "private" @kept_global : memref<4xf32> = dense<0.0>
memref.global "private" @dead_global : memref<4xf32> = dense<1.0>
memref.global "private" constant @dead_constant : memref<2xi32> = dense<[1, 2]>
func.func private @by_constant() {
  return
}
func.func private @by_nothing() {
  return
}
func.func @user() -> memref<4xf32> {
  %f = func.constant @by_constant : () -> ()
  func.call_indirect %f() : () -> ()
  %g = memref.get_global @kept_global : memref<4xf32>
  return %g : memref<4xf32>
}
