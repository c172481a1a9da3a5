// Toy IR the verifier rejects, one case per `// -----` chunk, each with
// the message the tutorial's C++ gives (`expected-error` as mlir-opt's
// --verify-diagnostics reads it).

toy.func @rank() {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  // expected-error @below {{'toy.constant' op return type must match the one of the attached value attribute: 1 != 2}}
  %1 = "toy.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf64>}> : () -> tensor<2x1xf64>
  toy.return
}

// -----

toy.func @dims() {
  // expected-error @below {{'toy.constant' op return type shape mismatches its attribute at dimension 1: 3 != 2}}
  %0 = "toy.constant"() <{value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf64>}> : () -> tensor<1x2xf64>
  toy.return
}

// -----

toy.func @elements() {
  // expected-error @below {{'toy.constant' op attribute 'value' failed to satisfy constraint: 64-bit float elements attribute}}
  %0 = "toy.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xf64>
  toy.return
}

// -----

toy.func @count() -> tensor<*xf64> {
  // expected-error @below {{'toy.return' op does not return the same number of values (0) as the enclosing function (1)}}
  toy.return
}

// -----

toy.func @two(%arg0: tensor<*xf64>) {
  // expected-error @below {{'toy.return' op expects at most 1 return operand}}
  toy.return %arg0, %arg0 : tensor<*xf64>, tensor<*xf64>
}

// -----

toy.func @mismatch(%arg0: tensor<2xf64>) -> tensor<3xf64> {
  // expected-error @below {{type of return operand (tensor<2xf64>) doesn't match function result type (tensor<3xf64>)}}
  toy.return %arg0 : tensor<2xf64>
}

// -----

// expected-error @below {{'toy.return' op expects parent op 'toy.func'}}
toy.return

// -----

toy.func @reshape(%arg0: tensor<6xf64>) {
  // expected-error @below {{'toy.reshape' op result #0 must be statically shaped tensor of 64-bit float values, but got 'tensor<?x2xf64>'}}
  %0 = toy.reshape(%arg0 : tensor<6xf64>) to tensor<?x2xf64>
  toy.return
}

// -----

toy.func @transpose(%arg0: tensor<2x3xf64>) {
  // expected-error @below {{expected result shape to be a transpose of the input}}
  %0 = toy.transpose(%arg0 : tensor<2x3xf64>) to tensor<2x3xf64>
  toy.return
}

// -----

// toy.print takes a tensor or, once lowered (chapter 5's Ops.td), a memref.
toy.func @operand(%arg0: tensor<2xi32>) {
  // expected-error @below {{'toy.print' op operand #0 must be tensor of 64-bit float values or memref of 64-bit float values, but got 'tensor<2xi32>'}}
  toy.print %arg0 : tensor<2xi32>
  toy.return
}

// -----

// expected-error @below {{'toy.func' op entry block must have 1 arguments to match function signature}}
"toy.func"() <{function_type = (tensor<*xf64>) -> (), sym_name = "entry"}> ({
  toy.return
}) : () -> ()
