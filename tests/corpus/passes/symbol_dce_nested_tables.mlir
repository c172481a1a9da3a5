// ARGS: --symbol-dce
// A call resolves its callee in the nearest symbol table around it,
// here upstream's test.symbol_scope nested in an op that is no symbol
// table: the function it calls stays, the private one nobody calls goes.

module {
  "test.holder"() ({
    "test.symbol_scope"() ({
      func.func private @used_inside() {
        return
      }
      func.func private @never_called() {
        return
      }
      func.call @used_inside() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "test.done"() : () -> ()
  }) : () -> ()
}
