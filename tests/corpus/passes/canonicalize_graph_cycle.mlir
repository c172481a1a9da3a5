// ARGS: --allow-unregistered-dialect --canonicalize
// A dead op whose graph region holds a cycle of uses (%a uses %b, %b uses
// %a): no order erases users before definitions, so erasing it must drop
// the uses inside first (this panicked before).

func.func @dead_graph_loop_with_cycle() {
  test.graph_loop {
    %a = "test.ping"(%b) : (i64) -> i64
    %b = "test.pong"(%a) : (i64) -> i64
    test.region_yield %a : i64
  } : () -> ()
  return
}

func.func @dead_graph_loop_with_nested_user(%seed: i64) {
  test.graph_loop {
    %c = arith.addi %d, %seed : i64
    %d = arith.muli %c, %seed : i64
    test.region_yield %d : i64
  } : () -> ()
  return
}
