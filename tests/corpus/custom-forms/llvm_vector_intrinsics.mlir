// llvm.intr.vector.insert, vector.extract and vector.interleave2 (generic
// form: it has no custom one): fixed and scalable vectors, integer and
// float elements.
llvm.func @vector_intrinsics(%f: vector<4xf32>, %s: vector<[4]xf32>, %i: vector<2xi64>, %big: vector<8xi64>) {
  %0 = llvm.intr.vector.insert %f, %s[0] : vector<4xf32> into vector<[4]xf32>
  %1 = llvm.intr.vector.insert %i, %big[2] : vector<2xi64> into vector<8xi64>
  %2 = llvm.intr.vector.extract %s[0] : vector<4xf32> from vector<[4]xf32>
  %3 = llvm.intr.vector.extract %big[4] : vector<2xi64> from vector<8xi64>
  %4 = "llvm.intr.vector.interleave2"(%f, %f) : (vector<4xf32>, vector<4xf32>) -> vector<8xf32>
  %5 = "llvm.intr.vector.interleave2"(%s, %s) : (vector<[4]xf32>, vector<[4]xf32>) -> vector<[8]xf32>
  llvm.return
}
