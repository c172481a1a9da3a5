func.func @transpose(%m: memref<16x4xf32>) -> memref<4x16xf32, strided<[1, 4]>> {
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) {a = affine_map<(d0) -> (d0 + 7)>, z = affine_map<(d0, d1) -> (d0, d1)>} : memref<16x4xf32> to memref<4x16xf32, strided<[1, 4]>>
  return %0 : memref<4x16xf32, strided<[1, 4]>>
}

func.func @args(%a: i32 {t.m = affine_map<(d0) -> (d0 + 1)>}, %b: i32 {t.m = affine_map<(d0) -> (d0 + 8)>}) -> (i32 {t.r = affine_map<(d0) -> (d0 + 2)>}) {
  "t.use"() {later = affine_map<(d0) -> (d0 + 8)>} : () -> ()
  return %a : i32
}
func.func private @decl(i32 {t.m = affine_map<(d0) -> (d0 + 3)>}) -> (i32 {t.r = affine_map<(d0) -> (d0 + 4)>})

func.func @regions(%lb: index, %ub: index, %step: index, %c: i1, %buf: memref<?xf32, affine_map<(d0) -> (d0 + 5)>>) -> memref<?xf32, affine_map<(d0) -> (d0 + 5)>> {
  scf.for %i = %lb to %ub step %step {
    "t.use"(%buf) {m = affine_map<(d0) -> (d0 + 6)>, s = affine_set<(d0) : (d0 >= 0)>} : (memref<?xf32, affine_map<(d0) -> (d0 + 5)>>) -> ()
  }
  %r = scf.if %c -> memref<?xf32, affine_map<(d0) -> (d0 + 5)>> {
    scf.yield %buf : memref<?xf32, affine_map<(d0) -> (d0 + 5)>>
  } else {
    scf.yield %buf : memref<?xf32, affine_map<(d0) -> (d0 + 5)>>
  }
  return %r : memref<?xf32, affine_map<(d0) -> (d0 + 5)>>
}

func.func @order(%m: memref<2x3xf32>) {
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  "t.use"() {p = affine_map<(d0, d1) -> (d1, d0)>, q = affine_map<(d0) -> (d0 + 9)>} : () -> ()
  return
}
