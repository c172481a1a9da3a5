toy.func @main() {
  toy.nothing
}
