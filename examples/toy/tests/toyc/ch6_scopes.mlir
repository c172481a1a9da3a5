// Toy IR given as MLIR with locations of its own: ops from other files
// than their function (a lexical block file each), a call site and a call
// site two calls deep (nested block files), a function in a directory, a
// module location the compile unit takes its file from.
module {
  toy.func private @helper(%arg0: tensor<*xf64> loc("lib/helper.toy":2:12)) -> tensor<*xf64> {
    %0 = toy.mul %arg0, %arg0 : tensor<*xf64> loc("lib/helper.toy":3:10)
    toy.return %0 : tensor<*xf64> loc("lib/helper.toy":3:3)
  } loc("lib/helper.toy":2:1)
  toy.func @main() {
    %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64> loc("main.toy":5:11)
    %1 = toy.transpose(%0 : tensor<2xf64>) to tensor<*xf64> loc(callsite("lib/helper.toy":8:3 at "main.toy":6:7))
    %2 = toy.generic_call @helper(%0) : (tensor<2xf64>) -> tensor<*xf64> loc("other.toy":1:1)
    %3 = toy.add %2, %2 : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64> loc(callsite(callsite("deep.toy":1:2 at "lib/helper.toy":9:4) at "main.toy":7:5))
    toy.print %3 : tensor<*xf64> loc("main.toy":8:3)
    toy.return loc("main.toy":9:1)
  } loc("main.toy":4:1)
} loc("project/unit.toy":1:1)
