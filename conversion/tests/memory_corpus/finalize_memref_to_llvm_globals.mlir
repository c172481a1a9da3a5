// ARGS: --finalize-memref-to-llvm
// Globals: private constant with an alignment, public scalar, private
// uninitialized, external; their uses through get_global.
memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> {alignment = 16}
memref.global @counter : memref<i64> = dense<7>
memref.global "private" @buf : memref<4xi32> = uninitialized
memref.global @ext : memref<8xf16>
memref.global "private" constant @half : memref<f32> = dense<0.5>

func.func @read(%i: index) -> (f32, i64, f32) {
  %t = memref.get_global @table : memref<2x3xf32>
  %c = memref.get_global @counter : memref<i64>
  %h = memref.get_global @half : memref<f32>
  %c1 = arith.constant 1 : index
  %x = memref.load %t[%c1, %i] : memref<2x3xf32>
  %n = memref.load %c[] : memref<i64>
  %y = memref.load %h[] : memref<f32>
  return %x, %n, %y : f32, i64, f32
}

func.func @write(%v: i32, %i: index) {
  %b = memref.get_global @buf : memref<4xi32>
  memref.store %v, %b[%i] : memref<4xi32>
  %e = memref.get_global @ext : memref<8xf16>
  %z = arith.constant 0.0 : f16
  memref.store %z, %e[%i] : memref<8xf16>
  return
}
