// Binary float ops on constants with a NaN operand: LLVM's folder
// answers the first NaN, quieted, keeping its sign and payload.
module {
  llvm.func @f32_0() -> f32 {
    %a = llvm.mlir.constant(0x7FC00000 : f32) : f32
    %b = llvm.mlir.constant(2.5 : f32) : f32
    %r = llvm.fadd %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_1() -> f32 {
    %a = llvm.mlir.constant(2.5 : f32) : f32
    %b = llvm.mlir.constant(0xFFC00000 : f32) : f32
    %r = llvm.fsub %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_2() -> f32 {
    %a = llvm.mlir.constant(0x7FC00001 : f32) : f32
    %b = llvm.mlir.constant(-2.5 : f32) : f32
    %r = llvm.fmul %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_3() -> f32 {
    %a = llvm.mlir.constant(0x7F800001 : f32) : f32
    %b = llvm.mlir.constant(2.5 : f32) : f32
    %r = llvm.fdiv %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_4() -> f32 {
    %a = llvm.mlir.constant(-2.5 : f32) : f32
    %b = llvm.mlir.constant(0x7F800001 : f32) : f32
    %r = llvm.frem %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_5() -> f32 {
    %a = llvm.mlir.constant(0x7FC00002 : f32) : f32
    %b = llvm.mlir.constant(0x7F800001 : f32) : f32
    %r = llvm.fadd %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f32_6() -> f32 {
    %a = llvm.mlir.constant(0x7F800001 : f32) : f32
    %b = llvm.mlir.constant(0xFFC00002 : f32) : f32
    %r = llvm.fsub %a, %b : f32
    llvm.return %r : f32
  }
  llvm.func @f64_0(%x: f64) -> f64 {
    %a = llvm.mlir.constant(0x7FF8000000000002 : f64) : f64
    %b = llvm.mlir.constant(0x7FF0000000000001 : f64) : f64
    %r = llvm.fadd %a, %b : f64
    %s = llvm.fadd %r, %x : f64
    llvm.return %s : f64
  }
  llvm.func @f64_1(%x: f64) -> f64 {
    %a = llvm.mlir.constant(1.5 : f64) : f64
    %b = llvm.mlir.constant(0xFFF0000000000003 : f64) : f64
    %r = llvm.fmul %a, %b : f64
    %s = llvm.fadd %r, %x : f64
    llvm.return %s : f64
  }
  llvm.func @f64_2(%x: f64) -> f64 {
    %a = llvm.mlir.constant(0xFFF8000000000000 : f64) : f64
    %b = llvm.mlir.constant(-0.0 : f64) : f64
    %r = llvm.fsub %a, %b : f64
    %s = llvm.fadd %r, %x : f64
    llvm.return %s : f64
  }
  llvm.func @fadd_nan_identity() -> f32 {
    %a = llvm.mlir.constant(0x7F800001 : f32) : f32
    %b = llvm.mlir.constant(-0.0 : f32) : f32
    %r = llvm.fadd %a, %b : f32
    llvm.return %r : f32
  }
}
