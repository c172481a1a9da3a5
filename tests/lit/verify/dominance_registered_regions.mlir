// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// Dominance inside a registered op whose regions keep SSA dominance
// (upstream's test.ssacfg_region): a use before its definition in a later
// block is an error, also when the op sits in a block nothing branches
// to; a graph region (test.graph_region) accepts any order.

func.func @use_in_first_block_def_in_second() {
  "test.ssacfg_region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "work.consume"(%late) : (i16) -> ()
    cf.br ^next
  ^next:
    // expected-note @+1 {{operand defined here}}
    %late = arith.constant 7 : i16
    "work.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @inside_unreachable_block() {
  return
^orphan:
  "test.ssacfg_region"() ({
  ^entry:
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "work.consume"(%v) : (f64) -> ()
    cf.br ^tail
  ^tail:
    %v = "work.make"() : () -> f64 // expected-note {{operand defined here}}
  }) : () -> ()
  return
}

// -----

func.func @graph_region_any_order() {
  test.graph_region {
    "work.consume"(%v) : (f64) -> ()
    %v = "work.make"() : () -> f64
    "work.end"() : () -> ()
  }
  return
}
