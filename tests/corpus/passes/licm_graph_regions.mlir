// ARGS: --loop-invariant-code-motion
// Loops whose body is a graph region (upstream's test.graph_loop): ops
// may use values defined further down, and hoisting visits users again
// once their operands left, so they leave in dependence order; values
// that feed each other in a cycle stay.

func.func @chain_in_graph_loop(%seed: i64) {
  test.graph_loop {
    %late = arith.muli %early, %seed : i64
    %early = arith.addi %seed, %seed : i64
    test.region_yield %late : i64
  } : () -> ()
  return
}

func.func @cycle_in_graph_loop() {
  test.graph_loop {
    %p = "test.ping"(%q) : (i64) -> i64
    %q = "test.pong"(%p) : (i64) -> i64
    test.region_yield %p : i64
  } : () -> ()
  return
}

func.func @graph_loop_inside_graph_block(%seed: i64) {
  test.single_no_terminator_op : {
    test.graph_loop {
      %x = arith.xori %y, %seed : i64
      %y = arith.ori %seed, %seed : i64
      test.region_yield %x : i64
    } : () -> ()
  }
  return
}
