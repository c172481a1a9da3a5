// LLVM dialect memory and aggregate ops in custom form: alloca (with
// alignment, a zero alignment dropped, inalloca), load and store with
// their volatile / atomic / invariant / nontemporal flags, getelementptr
// with constant and dynamic indices and its no-wrap flags, the value and
// element accesses of structs, arrays and vectors, and the constants.
func.func @memory(%n: i64, %i: i32, %v: i32, %f: f32) {
  %0 = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  %1 = llvm.alloca %n x !llvm.struct<(i32, f64)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %2 = llvm.alloca %n x f32 {alignment = 0 : i64} : (i64) -> !llvm.ptr
  %3 = llvm.alloca inalloca %n x i8 : (i64) -> !llvm.ptr<5>
  %4 = llvm.load %0 : !llvm.ptr -> i32
  %5 = llvm.load volatile %0 {alignment = 4 : i64} : !llvm.ptr -> i32
  %6 = llvm.load %0 atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %7 = llvm.load %0 atomic syncscope("agent") monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  %8 = llvm.load %0 invariant {nontemporal} : !llvm.ptr -> i32
  %9 = llvm.load %0 invariant_group : !llvm.ptr -> i32
  %10 = llvm.load %1 dereferenceable<bytes = 16, mayBeNull = true> : !llvm.ptr -> !llvm.ptr
  llvm.store %v, %0 : i32, !llvm.ptr
  llvm.store volatile %v, %0 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %v, %0 atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %f, %2 invariant_group {nontemporal} : f32, !llvm.ptr
  %11 = llvm.getelementptr %0[%n] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %12 = llvm.getelementptr %1[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %13 = llvm.getelementptr inbounds %1[%i, 0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %14 = llvm.getelementptr inbounds|nuw %0[%n, %i] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.array<4 x i32>
  %15 = llvm.getelementptr nusw %0[-1] : (!llvm.ptr) -> !llvm.ptr, i8
  %16 = llvm.getelementptr %3[2, 1, 0] : (!llvm.ptr<5>) -> !llvm.ptr<5>, !llvm.array<3 x struct<(i8, array<2 x f32>)>>
  return
}

func.func @aggregates(%s: !llvm.struct<(i32, array<2 x f32>)>, %x: f32, %vec: vector<4xf32>, %k: i32) {
  %0 = llvm.extractvalue %s[0] : !llvm.struct<(i32, array<2 x f32>)>
  %1 = llvm.extractvalue %s[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  %2 = llvm.insertvalue %x, %s[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  %3 = llvm.insertvalue %0, %2[0] : !llvm.struct<(i32, array<2 x f32>)>
  %4 = llvm.extractelement %vec[%k : i32] : vector<4xf32>
  %5 = llvm.insertelement %x, %vec[%k : i32] : vector<4xf32>
  return
}

func.func @constants() {
  %0 = llvm.mlir.constant(42 : i32) : i32
  %1 = llvm.mlir.constant(42 : i64) : i64
  %2 = llvm.mlir.constant(1.5 : f32) : f32
  %3 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %4 = llvm.mlir.constant(dense<2.0> : vector<2xf64>) : vector<2xf64>
  %5 = llvm.mlir.constant("text") : !llvm.array<4 x i8>
  %6 = llvm.mlir.constant([1 : i32, 2.0 : f32]) : !llvm.struct<(i32, f32)>
  %7 = llvm.mlir.constant(dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>) : !llvm.array<2 x array<2 x i16>>
  %8 = llvm.mlir.constant(true) : i1
  %9 = llvm.mlir.constant(1.0 : f16) : i16
  %10 = llvm.mlir.undef : i32
  %11 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %12 = llvm.mlir.poison : vector<4xf32>
  %13 = llvm.mlir.zero : !llvm.ptr
  %14 = llvm.mlir.zero : !llvm.array<8 x i64>
  %15 = llvm.mlir.constant(-7 : i8) {tag} : i8
  return
}
