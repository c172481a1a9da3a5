toy.func @main(%arg0: !toy<>) {
  toy.return
}
