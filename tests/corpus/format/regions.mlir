// Regions: an implicit terminator (left out when it has no operands or
// attributes, kept otherwise), a single block without terminator and the
// `attr-dict-with-keyword` before it, the `regions` directive over a
// variadic list, a region anchoring an optional group, a single block
// with its terminator printed, and entry-block arguments.
func.func @implicit(%i: index, %a: i32) {
  testfmt.implicit %i {
  }
  testfmt.implicit %i {
    testfmt.yield
  }
  testfmt.implicit %i {
    testfmt.yield %a : i32
  }
  testfmt.implicit %i {
    testfmt.yield {note}
  }
  testfmt.implicit %i {
    testfmt.keywords first second _under_score dotted.word
  } {note}
  return
}
func.func @no_terminator() {
  testfmt.no_terminator {
  }
  testfmt.no_terminator attributes {x} {
    testfmt.keywords first second _under_score dotted.word
  }
  return
}
func.func @regions() {
  testfmt.regions {
  }
  testfmt.regions {
    testfmt.br ^bb1
  ^bb1:
    testfmt.br ^bb1
  }, {
  }, {
    testfmt.br ^bb1
  ^bb1:
    testfmt.br ^bb1
  }
  testfmt.regions attributes {x} {
  }, {
  }
  return
}
func.func @optional_region(%c: i1, %a: i32) {
  testfmt.optional_region %c {
  }
  testfmt.optional_region %c {
  } else {
  }
  testfmt.optional_region %c {
    testfmt.yield %a : i32
  } else {
    testfmt.yield
  } {note}
  return
}
func.func @single_block() {
  testfmt.single_block {
    testfmt.yield
  }
  testfmt.single_block {
  ^bb0(%x: i32, %y: f32):
    testfmt.keywords first second _under_score dotted.word
    testfmt.yield %x, %y : i32, f32
  } {note}
  testfmt.no_terminator {
  ^bb0(%x: i32):
    testfmt.keywords first second _under_score dotted.word
  }
  return
}
