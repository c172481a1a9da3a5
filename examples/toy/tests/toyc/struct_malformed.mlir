toy.func @main(%arg0: !toy<1>) {
  toy.return
}
