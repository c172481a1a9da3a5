"toy.func"() ({
^bb0(%arg0: tensor<*xf64>):
  %0 = "toy.cast"(%arg0) : (tensor<*xf64>) -> tensor<*xf64>
  %1 = "toy.generic_call"(%0) {callee = @helper} : (tensor<*xf64>) -> tensor<*xf64>
  "toy.return"(%1) : (tensor<*xf64>) -> ()
}) {sym_name = "helper", function_type = (tensor<*xf64>) -> tensor<*xf64>, sym_visibility = "private"} : () -> ()
"toy.func"() ({
  %0 = "toy.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf64>} : () -> tensor<3xf64>
  %1 = "toy.add"(%0, %0) : (tensor<3xf64>, tensor<3xf64>) -> tensor<*xf64>
  "toy.print"(%1) : (tensor<*xf64>) -> ()
  "toy.return"() : () -> ()
}) {sym_name = "main", function_type = () -> ()} : () -> ()
