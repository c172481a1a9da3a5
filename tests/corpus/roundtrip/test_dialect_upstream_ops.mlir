// Upstream's test ops that MLIR's IR and Transforms tests use, in their
// custom forms: a symbol name the attribute dictionary names again (the
// dictionary's value is the one kept), loops and regions of every kind.

test.format_symbol_name_attr_op @first
test.format_symbol_name_attr_op @second { attr = "replaced" }

func.func @regions(%a: i32, %b: f32) -> i32 {
  %0 = test.cse_of_single_block_op inputs(%a, %b) {
  ^bb0(%x: i32, %y: f32):
    test.region_yield %x : i32
  } : i32, f32 -> i32
  test.graph_region {
    "work.use"(%later) : (i32) -> ()
    %later = "work.def"() : () -> i32
    "work.end"() : () -> ()
  }
  test.graph_loop %a {
  ^bb0(%arg: i32):
    test.region_yield %arg : i32
  } : (i32) -> ()
  test.single_no_terminator_op : {
    %c = "work.def"() : () -> i32
  }
  test.affine_scope {
    "work.end"() : () -> ()
  }
  "test.ssacfg_region"(%a) ({
    "work.end"() : () -> ()
  }, {
    "work.end"() : () -> ()
  }) : (i32) -> ()
  return %0 : i32
}

// The segment sizes under their name from before properties: MLIR still
// takes `operand_segment_sizes` (and `result_segment_sizes`) for the
// property.
func.func @legacy_segment_sizes(%a: i32) -> i32 {
  %r = "test.producing_br"(%a)[^one, ^two] {operand_segment_sizes = array<i32: 0, 1>, note} : (i32) -> i32
^one(%x: i32):
  return %x : i32
^two:
  return %r : i32
}
