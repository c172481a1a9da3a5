// A Toy type with no mnemonic: chapter 7 asks for the keyword struct.
toy.func @main() {
  %0 = "toy.foo"() : () -> !toy<1>
  toy.return
}
