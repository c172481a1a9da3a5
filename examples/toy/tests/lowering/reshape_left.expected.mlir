reshape_left.toy:6:3: error: failed to legalize operation 'toy.reshape' that was explicitly marked illegal
  var c<2, 2> = b;
  ^
reshape_left.toy:6:3: note: see current operation: %12 = "toy.reshape"(%11) : (tensor<4xf64>) -> tensor<2x2xf64>
