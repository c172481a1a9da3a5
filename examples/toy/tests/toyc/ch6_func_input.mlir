// Input already in the dialects the lowering produces (func, arith): toyc
// has loaded only the Toy dialect when it parses (the others are loaded by
// the passes that make them), so the file is refused.
module {
  func.func @main() {
    %0 = arith.constant 1.0 : f64
    return
  }
}
