toy.func @main(%arg0: !toy.struct<>) {
  toy.return
}
