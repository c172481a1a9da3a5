// ARGS: --convert-arith-to-llvm
// n-D vectors are arrays of 1-D vectors: each op is unrolled over the
// array positions (extract, op, insert), comparisons and casts too;
// 0-D vectors are one-element vectors.

func.func @nd(%a: vector<2x3xi32>, %b: vector<2x3xi32>, %f: vector<2x2x2xf32>, %i: vector<2x4xindex>) -> vector<2x3xi1> {
  %0 = arith.muli %a, %b overflow<nsw> : vector<2x3xi32>
  %1 = arith.cmpi sgt, %0, %b : vector<2x3xi32>
  %2 = arith.addf %f, %f fastmath<contract> : vector<2x2x2xf32>
  %3 = arith.cmpf ult, %f, %2 : vector<2x2x2xf32>
  %4 = arith.index_cast %i : vector<2x4xindex> to vector<2x4xi32>
  %5 = arith.extsi %a : vector<2x3xi32> to vector<2x3xi64>
  %6 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %7 = arith.subi %6, %a : vector<2x3xi32>
  return %1 : vector<2x3xi1>
}

func.func @one_d_and_zero_d(%v: vector<4xi8>, %s: vector<i16>, %c: vector<4xi1>) -> vector<4xi8> {
  %0 = arith.shrui %v, %v : vector<4xi8>
  %1 = arith.select %c, %0, %v : vector<4xi1>, vector<4xi8>
  %2 = arith.addi %s, %s : vector<i16>
  %3:2 = arith.mului_extended %v, %v : vector<4xi8>
  %4 = arith.index_cast %v : vector<4xi8> to vector<4xindex>
  return %1 : vector<4xi8>
}
