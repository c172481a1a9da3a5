// ARGS: --reconcile-unrealized-casts --allow-unregistered-dialect
// Overlapping chains: one cast feeding several chains, a dead chain that
// returns to its start, a live cast reading through dead ones, and a
// cycle in a graph region. (Chains where the order casts are visited in
// changes the result are left out: mlir-opt-22 visits them in a
// pointer-hashed order that changes from run to run; see
// docs/conversion.md.)

func.func @fan_out(%arg0: i32) -> (i32, f32, i32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
  %1 = builtin.unrealized_conversion_cast %0 : f32 to i32
  %2 = builtin.unrealized_conversion_cast %0 : f32 to index
  %3 = builtin.unrealized_conversion_cast %2 : index to i32
  %4 = builtin.unrealized_conversion_cast %2 : index to f32
  return %1, %4, %3 : i32, f32, i32
}

func.func @dead_cycle_through_users(%arg0: i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to index
  %3 = builtin.unrealized_conversion_cast %2 : index to i64
  return
}

func.func @live_through_dead_middle(%arg0: i64) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  %2 = builtin.unrealized_conversion_cast %1 : i64 to i32
  return %2 : i32
}

func.func @graph_region_cycle() {
  "test.graph"() ({
    %0 = builtin.unrealized_conversion_cast %1 : i32 to i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
    "test.use"(%1) : (i32) -> ()
  }) : () -> ()
  return
}
