func.func @splats() -> (vector<4xi32>, vector<4xf32>, tensor<2x2xi1>, vector<4xi64>, vector<4xi32>) {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<5> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %f = arith.constant dense<1.5> : vector<4xf32>
  %1 = arith.mulf %f, %f : vector<4xf32>
  %t = arith.constant dense<7> : tensor<2x2xi8>
  %u = arith.constant dense<9> : tensor<2x2xi8>
  %2 = arith.cmpi slt, %t, %u : tensor<2x2xi8>
  %3 = arith.extsi %0 : vector<4xi32> to vector<4xi64>
  %4 = arith.subi %a, %a : vector<4xi32>
  return %0, %1, %2, %3, %4 : vector<4xi32>, vector<4xf32>, tensor<2x2xi1>, vector<4xi64>, vector<4xi32>
}

func.func @dense() -> (vector<4xi32>, vector<4xi32>, vector<2xf32>, vector<4xi32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
  %s = arith.constant dense<2> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.muli %a, %s : vector<4xi32>
  %f = arith.constant dense<[1.0, -2.0]> : vector<2xf32>
  %2 = arith.negf %f : vector<2xf32>
  %c = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %3 = arith.select %c, %a, %b : vector<4xi1>, vector<4xi32>
  return %0, %1, %2, %3 : vector<4xi32>, vector<4xi32>, vector<2xf32>, vector<4xi32>
}

func.func @identities(%v: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>) {
  %z = arith.constant dense<0> : vector<4xi32>
  %o = arith.constant dense<1> : vector<4xi32>
  %0 = arith.addi %v, %z : vector<4xi32>
  %1 = arith.muli %v, %o : vector<4xi32>
  return %0, %1 : vector<4xi32>, vector<4xi32>
}
