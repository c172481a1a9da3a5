// `llvm.shufflevector` (lanes of both operands, poison lanes) and
// `llvm.va_arg`.
llvm.func @shuffles(%v: vector<4xi32>, %w: vector<4xi32>) -> vector<2xi32> {
  %0 = llvm.shufflevector %v, %w [0, 1, 6, 7, 2] : vector<4xi32>
  %1 = llvm.shufflevector %v, %w [-1, 3] : vector<4xi32>
  %2 = llvm.shufflevector %v, %v [3, 2, 1, 0] : vector<4xi32>
  llvm.return %1 : vector<2xi32>
}

llvm.func @next_arg(%ap: !llvm.ptr) -> f64 {
  %0 = llvm.va_arg %ap : (!llvm.ptr) -> i32
  %1 = llvm.va_arg %ap : (!llvm.ptr) -> f64
  llvm.return %1 : f64
}
